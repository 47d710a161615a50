import { api, type TreeServer } from './pages-tree';

/**
 * The rows B26 (bench/pages.bench.ts) puts on every server before measuring, through each server's own API, so the
 * subject and the baseline list the same data: 3 bill rules, 3 items in the first dictionary type (币种, the type both
 * dictionary pages open on), 2 copies of the seeded supplier model (3 models in the web-design list) and 3 data
 * interfaces. Resolves one line per area saying what was added; an area whose API refused is reported, not thrown.
 */
export async function seedAll(server: TreeServer): Promise<string[]> {
  const done: string[] = [];
  const step = async (area: string, fn: () => Promise<unknown>) => {
    try {
      await fn();
      done.push(`${area}: ok`);
    } catch (e) {
      done.push(`${area}: ${(e as Error).message}`);
    }
  };
  await step('billRule', async () => {
    for (let i = 1; i <= 3; i++) {
      await api(server, 'POST', '/api/system/BillRule', { fullName: `B26单据规则${i}`, enCode: `b26rule${i}`, prefix: 'B26', dateFormat: 'YYYYMMDD', digit: 4, startNumber: 1 });
    }
  });
  await step('dictionary', async () => {
    const types = await api<{ list: { id: string }[] }>(server, 'GET', '/api/system/DictionaryType');
    for (let i = 1; i <= 3; i++) {
      await api(server, 'POST', '/api/system/DictionaryData', { dictionaryTypeId: types.list[0].id, fullName: `B26字典项${i}`, enCode: `b26item${i}`, sortCode: 0 });
    }
  });
  await step('webDesign', async () => {
    for (let i = 1; i <= 2; i++) await api(server, 'POST', '/api/visualdev/Base/vd-supplier/Actions/Copy');
  });
  await step('dataInterface', async () => {
    for (let i = 1; i <= 3; i++) {
      await api(server, 'POST', '/api/system/DataInterface', { fullName: `B26数据接口${i}`, enCode: `b26api${i}`, category: 'b26', dataType: 1, query: `SELECT ${i} AS n` });
    }
  });
  return done;
}
