import en from './strings/en';
import mas from './strings/mas';
import tw from './strings/tw';
import zh from './strings/zh';

/** The flow designer's strings (issue 15 item 4) in zh (default), en, tw and mas; registered by ../i18n.ts under `flow`. */
export const FLOW_DESIGNER_STRINGS = { zh, en, tw, mas } as const;
