import en from './strings/en';
import mas from './strings/mas';
import tw from './strings/tw';
import zh from './strings/zh';

/** The form designer's strings (issue 13 item 5) in zh (default), en, tw and mas; registered by ../i18n.ts under `fd`. */
export const FORM_DESIGNER_STRINGS = { zh, en, tw, mas } as const;
