import { Alert, Button, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { memo, useEffect, useState } from 'react';
import { useFormValues } from '../_shared/FormValuesContext';
import { useKdData } from '../_shared/KdDataContext';
import type { DisplayProps } from '../_shared/types';
import { useWidgetWord } from '../_shared/words';

/** The parts of a rule the example is made of. */
export interface RuleParts {
  prefix?: unknown;
  dateFormat?: unknown;
  digit?: unknown;
  startNumber?: unknown;
}

/** What a rule's numbers look like today: prefix + date (dayjs format) + start number padded to `digit` (spec 001 §7). */
export function formatExample(v: RuleParts, today = dayjs()): string {
  const date = typeof v.dateFormat === 'string' && v.dateFormat ? today.format(v.dateFormat) : '';
  const digit = typeof v.digit === 'number' && v.digit > 0 ? v.digit : 1;
  const start = typeof v.startNumber === 'number' ? v.startNumber : 1;
  return `${typeof v.prefix === 'string' ? v.prefix : ''}${date}${String(start).padStart(digit, '0')}`;
}

const str = (v: unknown, fallback: string) => (typeof v === 'string' && v ? v : fallback);

/** The example of the number format, live from the form; a saved rule can ask the server for its real next number. */
function BillRulePreview({ field, mode }: DisplayProps) {
  const w = useWidgetWord();
  const values = useFormValues();
  const data = useKdData();
  const [next, setNext] = useState<string | null>(null);
  const pick = (key: string, fallback: string) => values[str(field[key], fallback)];
  const parts = { prefix: pick('prefixField', 'prefix'), dateFormat: pick('dateField', 'dateFormat'), digit: pick('digitField', 'digit'), startNumber: pick('startField', 'startNumber') };
  const code = pick('codeField', 'enCode');
  const saved = !!values.id && typeof code === 'string' && !!code && mode !== 'design';
  const shown = formatExample(parts);
  // A change of the fields shows the format again instead of the server's answer.
  const key = JSON.stringify(parts);
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for the parts
  useEffect(() => setNext(null), [key]);
  const preview = async () => {
    try {
      setNext(String(await data.request('GET', `/api/system/BillRule/BillNumber/${encodeURIComponent(String(code))}/1`)));
    } catch {
      setNext(null);
    }
  };
  return (
    <Alert
      type="info"
      showIcon
      className="kd-bill-preview"
      title={
        <Space wrap>
          <span>{field.__config__.label}:</span>
          <Typography.Text code data-testid="bill-example">
            {next ?? shown}
          </Typography.Text>
          {saved ? (
            <Button size="small" onClick={() => void preview()}>
              {str(field.buttonText, w('nextBillNo'))}
            </Button>
          ) : null}
        </Space>
      }
      description={typeof field.hint === 'string' && field.hint ? field.hint : undefined}
    />
  );
}
export default memo(BillRulePreview);
