import i18next from 'i18next';
import strings from './strings.json';

/** i18next namespace of the workflow screens (task page, launch page; issue 15 item 4). */
export const WORKFLOW_NS = 'kdWorkflow';

/** The workflow screens' strings in zh, en, tw and mas (strings.json; tw converted from zh with the app's opencc rules). */
export const WORKFLOW_STRINGS = strings;

function add(): void {
  for (const [lang, res] of Object.entries(WORKFLOW_STRINGS)) i18next.addResourceBundle(lang, WORKFLOW_NS, res, true, false);
}

/** Adds the strings to i18next now, or once it initialises (the workflow screens and the tab title import this). Idempotent. */
export function registerWorkflowStrings(): void {
  if (i18next.isInitialized) add();
  else i18next.on('initialized', add);
}

registerWorkflowStrings();
