import { describe, expect, it } from 'vitest';
import { baseForm } from './base-form';
import { questionCoverage } from './question-coverage';
import { questionStems } from './question-terms';

describe('baseForm', () => {
  it('maps irregular forms and agent nouns to the base verb, and leaves other words', () => {
    expect(['sang', 'sung', 'singer', 'wrote', 'written', 'won', 'led'].map(baseForm)).toEqual([
      'sing',
      'sing',
      'sing',
      'write',
      'write',
      'win',
      'lead',
    ]);
    expect(['rose', 'bit', 'password', 'constructor'].map(baseForm)).toEqual([
      'rose',
      'bit',
      'password',
      'constructor',
    ]);
  });

  it('lets a passage cover a question that uses another form of its verb', () => {
    expect(questionStems('Who wrote the anthem?')).toEqual(questionStems('written anthem'));
    const passage = {
      chunkId: 'c',
      documentId: 'd',
      sourceId: 's',
      title: 'Bette Davis Eyes',
      uri: 'file:///d',
      headingPath: [],
      text: 'The song was written by Donna Weiss and first recorded by the singer Jackie DeShannon.',
      score: 1,
      denseRank: 1,
      similarity: 1,
      lexicalRank: 1,
      updatedAt: null,
    };
    const coverage = questionCoverage('Who sang and wrote Bette Davis Eyes?', [passage]);
    expect(coverage.ofPassage(passage)).toBe(1);
  });
});
