import { buildRegistry, type RendererMap } from '../src/engine/renderer';
import table from './table/definition';
import currPosition from './curr-position/definition';
import currDept from './curr-dept/definition';
import currOrganize from './curr-organize/definition';
import modifyTime from './modify-time/definition';
import modifyUser from './modify-user/definition';
import createTime from './create-time/definition';
import createUser from './create-user/definition';
import calculate from './calculate/definition';
import billRule from './bill-rule/definition';
import popupTableSelect from './popup-table-select/definition';
import popupAttr from './popup-attr/definition';
import popupSelect from './popup-select/definition';
import relationFormAttr from './relation-form-attr/definition';
import relationForm from './relation-form/definition';
import groupSelect from './group-select/definition';
import roleSelect from './role-select/definition';
import usersSelect from './users-select/definition';
import userSelect from './user-select/definition';
import posSelect from './pos-select/definition';
import depSelect from './dep-select/definition';
import comSelect from './com-select/definition';
import editor from './editor/definition';
import uploadImg from './upload-img/definition';
import uploadFz from './upload-fz/definition';
import address from './address/definition';
import alert from './alert/definition';
import autoComplete from './auto-complete/definition';
import barcode from './barcode/definition';
import button from './button/definition';
import card from './card/definition';
import cascader from './cascader/definition';
import checkbox from './checkbox/definition';
import collapse from './collapse/definition';
import colorPicker from './color-picker/definition';
import comInput from './com-input/definition';
import dateRange from './date-range/definition';
import date from './date/definition';
import divider from './divider/definition';
import groupTitle from './group-title/definition';
import link from './link/definition';
import numInput from './num-input/definition';
import qrcode from './qrcode/definition';
import radio from './radio/definition';
import rate from './rate/definition';
import row from './row/definition';
import select from './select/definition';
import slider from './slider/definition';
import switchDef from './switch/definition';
import tab from './tab/definition';
import text from './text/definition';
import textarea from './textarea/definition';
import timeRange from './time-range/definition';
import time from './time/definition';
import treeSelect from './tree-select/definition';
import sqlEditor from './sql-editor/definition';
import dataInterfaceTest from './data-interface-test/definition';
import printPreview from './print-preview/definition';
import reportView from './report-view/definition';
import billRulePreview from './bill-rule-preview/definition';
import passwordInput from './password-input/definition';
import permissionTree from './permission-tree/definition';
import permissionExplain from './permission-explain/definition';
import cronBuilder from './cron-builder/definition';
import monitorCharts from './monitor-charts/definition';

/** Every renderer definition, in palette order (design.md §4 catalogue). */
export const definitions = [
  comInput,
  textarea,
  numInput,
  switchDef,
  radio,
  checkbox,
  select,
  cascader,
  date,
  time,
  dateRange,
  timeRange,
  uploadFz,
  uploadImg,
  colorPicker,
  rate,
  slider,
  editor,
  comSelect,
  depSelect,
  posSelect,
  userSelect,
  usersSelect,
  roleSelect,
  groupSelect,
  treeSelect,
  popupTableSelect,
  autoComplete,
  address,
  billRule,
  relationForm,
  relationFormAttr,
  popupSelect,
  popupAttr,
  calculate,
  table,
  createUser,
  createTime,
  modifyUser,
  modifyTime,
  currOrganize,
  currDept,
  currPosition,
  qrcode,
  barcode,
  link,
  button,
  text,
  alert,
  divider,
  groupTitle,
  card,
  row,
  tab,
  collapse,
  sqlEditor,
  dataInterfaceTest,
  printPreview,
  billRulePreview,
  passwordInput,
  permissionTree,
  permissionExplain,
  cronBuilder,
  monitorCharts,
  reportView,
];

/** The renderer registry (design.md §3): every kdKey the platform knows. Apps extend it by spreading. */
export const renderers: RendererMap = buildRegistry(...definitions);
