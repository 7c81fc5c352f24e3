import { isClarifyError } from '@clarify/core';
import { describe, expect, it } from 'vitest';
import {
  clarifyOptionActionId,
  decodeChoice,
  decodeFeedback,
  encodeChoice,
  encodeFeedback,
  isClarifyAction,
  isFeedbackAction,
} from './action-ids';

const clarificationId = '3f2a9c1e-0b4d-4e5f-8a6b-7c8d9e0f1a2b';

describe('action ids', () => {
  it('routes clarify and feedback buttons', () => {
    expect(clarifyOptionActionId(3)).toBe('clarify_option_3');
    for (const id of ['clarify_option_1', 'clarify_option_40', 'clarify_all', 'clarify_none']) {
      expect(isClarifyAction(id)).toBe(true);
    }
    for (const id of ['clarify_option_', 'clarify_option_0', 'clarify_allx', 'feedback_up']) {
      expect(isClarifyAction(id)).toBe(false);
    }
    expect(isFeedbackAction('feedback_up')).toBe(true);
    expect(isFeedbackAction('feedback_down')).toBe(true);
    expect(isFeedbackAction('feedback_sideways')).toBe(false);
  });
});

describe('choice values', () => {
  it('carry only the clarification id and the option id', () => {
    expect(encodeChoice({ clarificationId, optionId: '2' })).toBe(`c1:${clarificationId}:2`);
    for (const optionId of ['1', '40', 'all', 'none']) {
      expect(decodeChoice(encodeChoice({ clarificationId, optionId }))).toEqual({
        clarificationId,
        optionId,
      });
    }
  });

  it('decode to null when tampered with or not ours', () => {
    for (const value of [
      '',
      'c1:abc',
      'c1::1',
      'c2:abc:1',
      'c1:abc:1x',
      'c1:abc:-1',
      'c1:abc:ALL',
      'c1:abc:1:2',
      'c1:ab c:1',
      'c1:abc:1\n',
      'c1:<!channel>:1',
      `c1:${'a'.repeat(101)}:1`,
      'c1:abc:1234567890',
      'f1:abc',
    ]) {
      expect(decodeChoice(value)).toBeNull();
    }
  });

  it('refuse to encode ids that could not be decoded', () => {
    expect(() => encodeChoice({ clarificationId: 'a:b', optionId: '1' })).toThrow();
    try {
      encodeChoice({ clarificationId, optionId: 'first' });
      expect.unreachable();
    } catch (error) {
      expect(isClarifyError(error, 'invalid_input')).toBe(true);
    }
  });
});

describe('feedback values', () => {
  it('round-trip an answer id and reject anything else', () => {
    expect(encodeFeedback('answer-7')).toBe('f1:answer-7');
    expect(decodeFeedback('f1:answer-7')).toBe('answer-7');
    for (const value of ['', 'f1:', 'f1:a:b', 'f2:a', `c1:${clarificationId}:1`, 'f1:a b']) {
      expect(decodeFeedback(value)).toBeNull();
    }
    expect(() => encodeFeedback('')).toThrow();
  });
});
