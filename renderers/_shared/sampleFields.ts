import type { FieldConfig } from '../../schemas/field';
import comInput from '../com-input/definition';
import numInput from '../num-input/definition';
import { fieldFrom } from './stories';

/** Sample leaves for container and sub-table stories: 供应商名称 (required text) and 数量 (number). */
export const sampleName: FieldConfig = fieldFrom(comInput.scaffold, 'supplierName', '供应商名称', { required: true, span: 12 });
/** 数量: a number field. */
export const sampleQty: FieldConfig = fieldFrom(numInput.scaffold, 'qty', '数量', { span: 12 });
