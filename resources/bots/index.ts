/** Bot settings (system management > bot settings): four declared screens. */
export { chatWhitelist } from './chat-whitelist';
export { botGroups } from './bot-groups';
export { transferBots } from './transfer-bots';
export { botFundRecords } from './fund-records';
