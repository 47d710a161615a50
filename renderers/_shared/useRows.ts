import { useEffect, useState } from 'react';
import { useKdData } from './KdDataContext';
import { type PopupSource, rowOf } from './popupSources';

/** Loads the rows of the given ids from a popup source (cached); resolves to id -> row (missing rows absent). */
export function useRows(source: PopupSource | null, ids: string[]): Record<string, Record<string, unknown>> {
  const data = useKdData();
  const [rows, setRows] = useState<Record<string, Record<string, unknown>>>({});
  const key = ids.join('\u0001');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `ids`
  useEffect(() => {
    if (!source || !ids.length) {
      setRows({});
      return;
    }
    let live = true;
    Promise.all(ids.map((id) => rowOf(data, source, id).then((r) => [id, r] as const))).then((pairs) => {
      if (live) setRows(Object.fromEntries(pairs.filter(([, r]) => r)) as Record<string, Record<string, unknown>>);
    });
    return () => {
      live = false;
    };
  }, [data, source?.key, key]);
  return rows;
}
