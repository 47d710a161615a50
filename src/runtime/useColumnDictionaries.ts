import { useEffect, useState } from 'react';
import { loadOptions, optionsPath } from '../../renderers/_shared/useOptions';
import type { ColumnItem } from '../../schemas/columns';
import type { FieldOption } from '../../schemas/field';
import type { CompiledForm } from '../engine/compile';
import { kdData } from './kdData';

/**
 * Loads the dictionary options of the list's dictionary-backed columns (spec 001 §3 dataType 'dictionary'), keyed by
 * dictionaryType, for the grid context (renderers' KdGridContext) so cells show fullName instead of the id.
 * Shares the option cache with the form's widgets. A failed load leaves the raw ids visible.
 */
export function useColumnDictionaries(columns: readonly ColumnItem[], compiled: CompiledForm): Record<string, FieldOption[]> {
  const [dictionaries, setDictionaries] = useState<Record<string, FieldOption[]>>({});
  useEffect(() => {
    let live = true;
    const wanted = columns.map((c) => compiled.byModel[c.prop]).filter((f) => f?.__config__.dataType === 'dictionary' && f.__config__.dictionaryType);
    for (const field of wanted) {
      const path = optionsPath(field);
      const type = field.__config__.dictionaryType!;
      if (!path) continue;
      loadOptions(kdData, path, field).then(
        (options) => live && setDictionaries((d) => ({ ...d, [type]: options })),
        () => {},
      );
    }
    return () => {
      live = false;
    };
  }, [columns, compiled]);
  return dictionaries;
}
