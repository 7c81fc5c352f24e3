import { describe, expect, it } from 'vitest';
import { maskEntities } from './mask-entities';

describe('maskEntities', () => {
  it('masks the paper example and finds no entity-type word', () => {
    expect(maskEntities('What is the total size of 124abcde?')).toEqual({
      masked: 'What is the total size of ENTITY?',
      entities: [{ text: '124abcde', kind: 'identifier', typed: false }],
    });
  });

  it('types a ticket key only when an entity-type word stands next to it', () => {
    expect(maskEntities('Is ticket ABC-123 done?').entities).toEqual([
      { text: 'ABC-123', kind: 'ticket', typed: true },
    ]);
    expect(maskEntities('Is ABC-123 done?').entities).toEqual([
      { text: 'ABC-123', kind: 'ticket', typed: false },
    ]);
  });

  it('types versions: "version 3.2" by the word, "v3.2" by its shape', () => {
    expect(maskEntities('Does version 3.2 fix it?').entities).toEqual([
      { text: '3.2', kind: 'number', typed: true },
    ]);
    expect(maskEntities('Is v3.2 out yet?')).toEqual({
      masked: 'Is ENTITY out yet?',
      entities: [{ text: 'v3.2', kind: 'version', typed: true }],
    });
  });

  it('masks quoted strings whole, with their type word', () => {
    const result = maskEntities('What is the id of "ABC Dataset (created on)"?');
    expect(result.masked).toBe('What is the id of ENTITY ?');
    expect(result.entities).toEqual([
      { text: 'ABC Dataset (created on)', kind: 'quoted', typed: true },
    ]);
    expect(maskEntities("Is the 'Rotterdam' office open?").entities).toEqual([
      { text: 'Rotterdam', kind: 'quoted', typed: true },
    ]);
    expect(maskEntities("Where is 'Rotterdam'?").entities[0]?.typed).toBe(false);
  });

  it('masks tokens with digits, dots, colons, underscores or dashes', () => {
    const kinds = maskEntities(
      'Send config.yaml with user_id and build-42 before 10:30 on 2024-05-01 for $500',
    ).entities.map((entity) => [entity.text, entity.kind]);
    expect(kinds).toEqual([
      ['config.yaml', 'file'],
      ['user_id', 'identifier'],
      ['build-42', 'identifier'],
      ['10:30', 'time'],
      ['2024-05-01', 'date'],
      ['$500', 'amount'],
    ]);
  });

  it('leaves ordinals, common hyphenated words, abbreviations and links alone', () => {
    const result = maskEntities(
      'My 2nd follow-up on the pre-requisite e-mail, e.g. see https://wiki.acme.com/a-b today.',
    );
    expect(result.entities).toEqual([]);
    expect(result.masked).not.toContain('https');
  });
});
