import type { WidgetProps } from '@rjsf/utils';
import { Input } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { flattenOptions } from './fieldProps';
import { useKdData } from './KdDataContext';
import { loadOrgTree, ORG_KINDS } from './orgPickers';
import { SYSTEM_TIME_FORMAT, type SystemKind } from './systemFields';
import { useWidgetWord } from './words';

/** The read-only box of a system field: the formatted time or the id's name (from the selector), else 系统自动生成. */
export default function SystemField({ id, value, kind }: WidgetProps & { kind: SystemKind }) {
  const w = useWidgetWord();
  const data = useKdData();
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    if (kind.value === 'time' || value === undefined || value === null || value === '') {
      setName(null);
      return;
    }
    let live = true;
    loadOrgTree(data, ORG_KINDS[kind.value]).then(
      (tree) => live && setName(flattenOptions(tree).find((o) => String(o.id) === String(value))?.fullName ?? null),
      () => live && setName(null),
    );
    return () => {
      live = false;
    };
  }, [data, kind, value]);
  const text = value === undefined || value === null || value === '' ? '' : kind.value === 'time' ? (typeof value === 'number' ? dayjs(value).format(SYSTEM_TIME_FORMAT) : String(value)) : (name ?? String(value));
  return <Input id={id} value={text} readOnly placeholder={w('auto')} />;
}
