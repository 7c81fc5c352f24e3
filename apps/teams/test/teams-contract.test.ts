import { describeChatContract } from '@clarify/chat/testing';
import { startTeamsDriver } from '../testing/teams-driver';

describeChatContract('Teams', startTeamsDriver);
