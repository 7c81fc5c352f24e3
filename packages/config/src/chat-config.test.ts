import { describe, expect, it } from 'vitest';
import { ClarifyError, isClarifyError } from '@clarify/core';
import { loadChatConfig } from './chat-config';

const invalid = (problem: string) => new ClarifyError('config_invalid', problem);

describe('loadChatConfig', () => {
  it('reads the shared names, and a platform name only where the shared one is unset', () => {
    const config = loadChatConfig(
      {
        CLARIFY_ADMIN_USER_IDS: 'U1 aad-object-id',
        SLACK_ADMIN_USER_IDS: 'UIGNORED',
        TEAMS_CHANNEL_SOURCES: '19:abc@thread.tacv2=handbook; C1=eng,it',
        CLARIFY_CONCURRENCY: '3',
        TEAMS_CHOICE_BY: 'asker',
      },
      'TEAMS',
      invalid,
    );
    expect(config).toEqual({
      adminUserIds: ['U1', 'aad-object-id'],
      channelSources: { '19:abc@thread.tacv2': ['handbook'], C1: ['eng', 'it'] },
      defaultSources: undefined,
      choiceBy: 'asker',
      concurrency: 3,
    });
  });

  it('names the variable that was read in a problem, never its value', () => {
    const problem = (env: Record<string, string>) => {
      try {
        loadChatConfig(env, 'SLACK', invalid);
      } catch (error) {
        expect(isClarifyError(error, 'config_invalid')).toBe(true);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(problem({ SLACK_CONCURRENCY: 'many' })).toMatch(/^SLACK_CONCURRENCY: /);
    expect(problem({ CLARIFY_CHOICE_BY: 'boss' })).toMatch(/^CLARIFY_CHOICE_BY: /);
    expect(problem({ CLARIFY_CHANNEL_SOURCES: 'C1=' })).toMatch(/^CLARIFY_CHANNEL_SOURCES: /);
    expect(problem({ CLARIFY_CHANNEL_SOURCES: 'secret-value' })).not.toContain('secret-value');
  });
});
