import { describeChatContract } from '@clarify/chat/testing';
import { startSlackDriver } from '../testing/slack-driver';

describeChatContract('Slack', startSlackDriver);
