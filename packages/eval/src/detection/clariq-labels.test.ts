import { describe, expect, it } from 'vitest';
import { clariqAmbiguityItems, parseClariqTopics } from './clariq-labels';

const HEADER = 'topic_id\tinitial_request\ttopic_desc\tclarification_need\tfacet_id\tquestion';
const TSV = [
  HEADER,
  '108\tTell me about of Ralph Owen Brester.\tdesc\t1\tF0037\tq1',
  '108\tTell me about of Ralph Owen Brester.\tdesc\t1\tF0037\tq2',
  '135\tTell me about source of the nile\t"how to play ""Source of the Nile"""\t4\tF1\tq',
  '1\tTell me about Obama family tree.\tdesc\t2\tF0001\tq',
  '120\tTV on computer\tdesc\t3\tF2\tq',
  '',
].join('\n');

describe('parseClariqTopics', () => {
  it('keeps one entry per topic, in file order, finding columns by name', () => {
    expect(parseClariqTopics(TSV)).toEqual([
      { topicId: '108', request: 'Tell me about of Ralph Owen Brester.', clarificationNeed: 1 },
      { topicId: '135', request: 'Tell me about source of the nile', clarificationNeed: 4 },
      { topicId: '1', request: 'Tell me about Obama family tree.', clarificationNeed: 2 },
      { topicId: '120', request: 'TV on computer', clarificationNeed: 3 },
    ]);
  });

  it('rejects a file without the label column or with a broken label', () => {
    expect(() => parseClariqTopics('topic_id\tinitial_request\n1\tx')).toThrow(
      /clarification_need/,
    );
    expect(() => parseClariqTopics(`${HEADER}\n7\tx\td\tmaybe\tF\tq`)).toThrow(/row 2/);
  });
});

describe('clariqAmbiguityItems', () => {
  it('labels need 1 clear and 3–4 ambiguous, and leaves need 2 out', () => {
    expect(clariqAmbiguityItems(parseClariqTopics(TSV))).toEqual([
      { message: 'Tell me about of Ralph Owen Brester.', ambiguous: false, topicId: '108' },
      { message: 'Tell me about source of the nile', ambiguous: true, topicId: '135' },
      { message: 'TV on computer', ambiguous: true, topicId: '120' },
    ]);
  });
});
