/**
 * The model widgets (kdKey) beside JNPF v3.4's names for them (issue 22 item 1): one row per kdKey of the model
 * catalogue (renderers/index.ts, the first 55 definitions: basic, advanced, system and layout widgets; the built-in
 * pages' own widgets after them have no JNPF counterpart and keep their name). A plain list, so the server need not
 * load the renderers; tests/server/jnpf-config.test.ts checks it against the registry (every kdKey, our scaffold's tag).
 *
 * Columns: kdKey, jnpfKey (the client's `__config__.jnpfKey`; differs only for `text`, JNPF's `JNPFText`), our
 * scaffold's `__config__.tag`, JNPF's `tag` (the Vue component the client renders). JNPF's names and tags are read from
 * wuqingguang0816/Mnxhp src/components/Generator/generator/config.js (the palette defaults, lines 44-1740) and
 * comConfig.js:18-93 (calculate, qrcode, barcode); dateRange, timeRange and currDept are not in the 3.4.7 palette
 * (jnpf-v3.md §2 "Legacy") and keep Element's pickers and jnpf-open-data, as older versions had them.
 */
export const JNPF_WIDGETS = [
  ['comInput', 'comInput', 'el-input', 'el-input'],
  ['textarea', 'textarea', 'el-input', 'el-input'],
  ['numInput', 'numInput', 'el-input-number', 'JnpfInputNumber'],
  ['switch', 'switch', 'el-switch', 'el-switch'],
  ['radio', 'radio', 'el-radio-group', 'JnpfRadio'],
  ['checkbox', 'checkbox', 'el-checkbox-group', 'JnpfCheckbox'],
  ['select', 'select', 'el-select', 'JnpfSelect'],
  ['cascader', 'cascader', 'el-cascader', 'el-cascader'],
  ['date', 'date', 'el-date-picker', 'JnpfDatePicker'],
  ['time', 'time', 'el-time-picker', 'JnpfTimePicker'],
  ['dateRange', 'dateRange', 'el-date-picker', 'el-date-picker'],
  ['timeRange', 'timeRange', 'el-time-picker', 'el-time-picker'],
  ['uploadFz', 'uploadFz', 'JNPFUploadFz', 'JNPF-UploadFz'],
  ['uploadImg', 'uploadImg', 'JNPFUploadImg', 'JNPF-UploadImg'],
  ['colorPicker', 'colorPicker', 'el-color-picker', 'el-color-picker'],
  ['rate', 'rate', 'el-rate', 'el-rate'],
  ['slider', 'slider', 'el-slider', 'el-slider'],
  ['editor', 'editor', 'JNPFQuill', 'JNPF-Quill'],
  ['comSelect', 'comSelect', 'comSelect', 'com-select'],
  ['depSelect', 'depSelect', 'depSelect', 'dep-select'],
  ['posSelect', 'posSelect', 'posSelect', 'pos-select'],
  ['userSelect', 'userSelect', 'userSelect', 'user-select'],
  ['usersSelect', 'usersSelect', 'usersSelect', 'users-select'],
  ['roleSelect', 'roleSelect', 'roleSelect', 'roleSelect'],
  ['groupSelect', 'groupSelect', 'groupSelect', 'groupSelect'],
  ['treeSelect', 'treeSelect', 'jnpf-tree-select', 'JNPFTreeSelect'],
  ['popupTableSelect', 'popupTableSelect', 'popupTableSelect', 'popupTableSelect'],
  ['autoComplete', 'autoComplete', 'JNPFAutoComplete', 'JnpfAutoComplete'],
  ['address', 'address', 'JNPFAddress', 'JNPF-Address'],
  ['billRule', 'billRule', 'billRule', 'el-input'],
  ['relationForm', 'relationForm', 'relationForm', 'relationForm'],
  ['relationFormAttr', 'relationFormAttr', 'relationFormAttr', 'relationFormAttr'],
  ['popupSelect', 'popupSelect', 'popupSelect', 'popupSelect'],
  ['popupAttr', 'popupAttr', 'popupAttr', 'popupAttr'],
  ['calculate', 'calculate', 'calculate', 'calculate'],
  ['table', 'table', 'kdTable', 'JNPF-InputTable'],
  ['createUser', 'createUser', 'createUser', 'jnpf-open-data'],
  ['createTime', 'createTime', 'createTime', 'jnpf-open-data'],
  ['modifyUser', 'modifyUser', 'modifyUser', 'el-input'],
  ['modifyTime', 'modifyTime', 'modifyTime', 'el-input'],
  ['currOrganize', 'currOrganize', 'currOrganize', 'jnpf-open-data'],
  ['currDept', 'currDept', 'currDept', 'jnpf-open-data'],
  ['currPosition', 'currPosition', 'currPosition', 'jnpf-open-data'],
  ['qrcode', 'qrcode', 'JNPFQrcode', 'jnpf-qrcode'],
  ['barcode', 'barcode', 'JNPFBarcode', 'jnpf-barcode'],
  ['link', 'link', 'JNPFLink', 'JnpfLink'],
  ['button', 'button', 'JNPFButton', 'jnpf-button'],
  ['text', 'JNPFText', 'JNPFText', 'JNPF-Text'],
  ['alert', 'alert', 'el-alert', 'el-alert'],
  ['divider', 'divider', 'el-divider', 'el-divider'],
  ['groupTitle', 'groupTitle', 'groupTitle', 'groupTitle'],
  ['card', 'card', 'el-card', 'el-card'],
  ['row', 'row', 'el-row', 'el-row'],
  ['tab', 'tab', 'el-tab', 'el-tab'],
  ['collapse', 'collapse', 'el-collapse', 'el-collapse'],
] as const satisfies ReadonlyArray<readonly [string, string, string, string]>;

/** One widget's names: ours and JNPF's. */
export interface JnpfWidget {
  kdKey: string;
  jnpfKey: string;
  kdTag: string;
  jnpfTag: string;
}

/** The rows by kdKey. */
export const WIDGET_BY_KDKEY: ReadonlyMap<string, JnpfWidget> = new Map(JNPF_WIDGETS.map(([kdKey, jnpfKey, kdTag, jnpfTag]) => [kdKey, { kdKey, jnpfKey, kdTag, jnpfTag }]));

/** JNPF's legacy names (jnpf-v3.md §2 "Legacy") → our kdKey; the field-level changes are made by jnpf.ts at import. */
export const LEGACY_JNPF_KEYS: Readonly<Record<string, string>> = { dicSelect: 'select', PsdInput: 'comInput', JNPFAmount: 'numInput' };

/** The rows by jnpfKey (legacy names included). */
export const WIDGET_BY_JNPFKEY: ReadonlyMap<string, JnpfWidget> = new Map([
  ...JNPF_WIDGETS.map(([kdKey, jnpfKey, kdTag, jnpfTag]) => [jnpfKey, { kdKey, jnpfKey, kdTag, jnpfTag }] as const),
  ...Object.entries(LEGACY_JNPF_KEYS).map(([legacy, kdKey]) => [legacy, WIDGET_BY_KDKEY.get(kdKey)!] as const),
]);

/** JNPF's name of a kdKey (unknown keys, e.g. built-in pages' widgets, keep theirs). */
export function jnpfKeyOf(kdKey: string): string {
  return WIDGET_BY_KDKEY.get(kdKey)?.jnpfKey ?? kdKey;
}

/** Our kdKey of a JNPF name (legacy names mapped; unknown names kept, so validation can name them). */
export function kdKeyOf(jnpfKey: string): string {
  return WIDGET_BY_JNPFKEY.get(jnpfKey)?.kdKey ?? jnpfKey;
}
