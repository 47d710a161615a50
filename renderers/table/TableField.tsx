import type { FieldProps, UiSchema, Widget } from '@rjsf/utils';
import { Button, Empty } from 'antd';
import type { JSONSchema7 } from 'json-schema';
import { useCallback } from 'react';
import type { FieldConfig } from '../../schemas/field';
import { summaryRow } from '../../src/engine/summary';
import { FormValuesContext } from '../_shared/FormValuesContext';

type Row = Record<string, unknown>;
const NUMERIC = new Set(['numInput', 'calculate']);
const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const noop = () => {};

/**
 * The sub-table rjsf field (compile.ts `'ui:field': 'table'`): one row per item, one cell per column field rendered
 * with that column's widget; 添加 appends a row, 删除 removes one. A cell failing validation shows 不能为空 when empty
 * (spec 001 §5 "Inline table required cells") or its rule's message. With `show-summary` a 合计 row sums the numeric
 * columns (numInput, calculate; limited to `summaryField` when set) to 2 decimals; other columns stay blank.
 * Each row provides its own values to calculate cells (FormValuesContext).
 */
export default function TableField({ formData, errorSchema, uiSchema, schema, registry, disabled, readonly, onChange, fieldPathId }: FieldProps) {
  const field = (uiSchema?.['ui:options'] as { field?: FieldConfig } | undefined)?.field;
  const rows: Row[] = Array.isArray(formData) ? formData : [];
  const itemProps = ((schema.items as JSONSchema7 | undefined)?.properties ?? {}) as Record<string, JSONSchema7>;
  const required = new Set(((schema.items as JSONSchema7 | undefined)?.required ?? []) as string[]);
  const columns = ((field?.__config__.children ?? []) as FieldConfig[]).filter((c) => c.__vModel__ && itemProps[c.__vModel__]);
  const locked = !!disabled || !!readonly;
  const emit = useCallback((next: Row[]) => onChange(next.length ? next : undefined, fieldPathId.path), [onChange, fieldPathId]);
  const setCell = (i: number, col: string, v: unknown) => {
    const next = rows.map((r, j) => (j === i ? { ...r, [col]: v } : r));
    if (v === undefined) delete next[i][col];
    emit(next);
  };
  const summary = field?.['show-summary']
    ? summaryRow(
        rows,
        ['__index', ...columns.map((c) => c.__vModel__!)],
        {
          sum: columns
            .filter((c) => NUMERIC.has(c.__config__.kdKey))
            .map((c) => c.__vModel__!)
            .filter((m) => !Array.isArray(field.summaryField) || !field.summaryField.length || (field.summaryField as string[]).includes(m)),
        },
      )
    : null;
  const errorsOf = (i: number, col: string) => ((errorSchema as Record<string, Record<string, { __errors?: string[] }>> | undefined)?.[i]?.[col]?.__errors ?? []);
  return (
    <div className="kd-subtable" id={fieldPathId.$id}>
      <table style={{ width: '100%', borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            <th style={TH}>序号</th>
            {columns.map((c) => (
              <th key={c.__vModel__} style={TH}>
                {required.has(c.__vModel__!) ? <span style={{ color: '#ff4d4f' }}>*</span> : null}
                {c.__config__.label ?? c.__vModel__}
              </th>
            ))}
            {locked ? null : <th style={TH}>操作</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <FormValuesContext.Provider key={i} value={row}>
              <tr>
                <td style={TD}>{i + 1}</td>
                {columns.map((c) => {
                  const col = c.__vModel__!;
                  const W = registry.widgets[c.__config__.kdKey] as Widget | undefined;
                  const errs = errorsOf(i, col);
                  const msg = errs.length ? (isEmpty(row[col]) ? '不能为空' : errs[0]) : null;
                  return (
                    <td key={col} style={TD}>
                      {W ? (
                        <W
                          id={`${fieldPathId.$id}_${i}_${col}`}
                          name={col}
                          label={String(c.__config__.label ?? col)}
                          hideLabel
                          value={row[col]}
                          schema={itemProps[col]}
                          uiSchema={((uiSchema?.items as Record<string, UiSchema> | undefined)?.[col] ?? {}) as UiSchema}
                          options={{ field: c } as never}
                          registry={registry}
                          required={required.has(col)}
                          disabled={!!disabled}
                          readonly={!!readonly}
                          rawErrors={errs}
                          onChange={(v: unknown) => setCell(i, col, v)}
                          onBlur={noop}
                          onFocus={noop}
                        />
                      ) : (
                        <span>未知控件「{c.__config__.kdKey}」</span>
                      )}
                      {msg ? (
                        <div role="alert" className="kd-field-error" style={{ color: '#ff4d4f', fontSize: 12 }}>
                          {msg}
                        </div>
                      ) : null}
                    </td>
                  );
                })}
                {locked ? null : (
                  <td style={TD}>
                    <Button type="link" danger size="small" onClick={() => emit(rows.filter((_, j) => j !== i))}>
                      删除
                    </Button>
                  </td>
                )}
              </tr>
            </FormValuesContext.Provider>
          ))}
        </tbody>
        {summary ? (
          <tfoot>
            <tr className="kd-subtable-summary">
              <td style={TD}>{summary.__index}</td>
              {columns.map((c) => (
                <td key={c.__vModel__} style={TD}>
                  {summary[c.__vModel__!]}
                </td>
              ))}
              {locked ? null : <td style={TD} />}
            </tr>
          </tfoot>
        ) : null}
      </table>
      {rows.length ? null : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />}
      {locked ? null : (
        <Button type="dashed" block style={{ marginTop: 8 }} onClick={() => emit([...rows, {}])}>
          {String(field?.actionText || '添加')}
        </Button>
      )}
    </div>
  );
}

const TH = { border: '1px solid #f0f0f0', background: '#fafafa', padding: '6px 8px', textAlign: 'left', fontWeight: 500 } as const;
const TD = { border: '1px solid #f0f0f0', padding: '4px 8px', verticalAlign: 'top' } as const;
