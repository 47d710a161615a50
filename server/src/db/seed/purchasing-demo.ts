import { modelDb } from '../../modules/visualdev/model-table';
import { DEMO, demoEnabled } from './demo-company';
import type { SeedContext } from './index';
import { PU_TABLES } from './purchasing-models';

/** One demo material row (columns of kd_pu_material). */
interface Material {
  materialCode: string;
  materialName: string;
  category: string;
  unit: string;
  spec: string;
  colour: string;
  defaultSupplier: string;
  isFabric: boolean;
}

const COLOURS = ['黑色', '藏青', '军绿', '卡其', '灰色', '红色', '酒红', '米白'];
const FABRICS: Array<[string, string, string]> = [
  ['尼龙牛津布', '600D PU涂层', '福建长乐锦纶织造'],
  ['尼龙牛津布', '900D PU涂层', '福建长乐锦纶织造'],
  ['弹道尼龙', '1680D 双股', '福建长乐锦纶织造'],
  ['涤纶牛津布', '300D PVC涂层', '吴江盛泽涤纶面料'],
  ['涤纶牛津布', '600D PU涂层', '吴江盛泽涤纶面料'],
  ['全棉帆布', '10oz 水洗', '东莞华美帆布'],
  ['全棉帆布', '12oz 蜡染', '东莞华美帆布'],
  ['全棉帆布', '16oz 涂蜡', '东莞华美帆布'],
  ['PU革', '0.8mm 荔枝纹', '温州瑞安合成革'],
  ['PU革', '1.2mm 十字纹', '温州瑞安合成革'],
  ['尼龙格子布', '210D 防撕裂', '福建长乐锦纶织造'],
  ['涤纶网布', '三明治网 3mm', '吴江盛泽涤纶面料'],
];

/** About 300 believable bag materials: fabrics, linings, zippers, buckles, webbing, thread, labels, packaging. */
export function demoMaterials(): Material[] {
  const out: Material[] = [];
  const add = (prefix: string, m: Omit<Material, 'materialCode'>) => out.push({ materialCode: `${prefix}${String(out.filter((x) => x.materialCode.startsWith(prefix)).length + 1).padStart(4, '0')}`, ...m });
  for (const [name, spec, supplier] of FABRICS) for (const colour of COLOURS) add('FA', { materialName: name, category: 'fabric', unit: 'M', spec: `${spec} 幅宽150cm`, colour, defaultSupplier: supplier, isFabric: true });
  for (const spec of ['210D 涤纶里布', '150D 涤纶里布', '190T 涤塔夫', '网眼里布']) for (const colour of COLOURS.slice(0, 6)) add('LI', { materialName: '里布', category: 'lining', unit: 'M', spec, colour, defaultSupplier: '吴江盛泽涤纶面料', isFabric: true });
  for (const kind of ['尼龙拉链', '金属拉链', '树脂拉链', '防水拉链']) for (const size of ['#3', '#5', '#8', '#10']) for (const colour of COLOURS.slice(0, 4)) add('ZP', { materialName: kind, category: 'zipper', unit: 'TIAO', spec: `${size} 闭尾`, colour, defaultSupplier: '宏达五金拉链厂', isFabric: false });
  for (const kind of ['插扣', '日字扣', 'D字扣', '口字扣', '钩扣', '调节扣']) for (const size of ['20mm', '25mm', '32mm', '38mm', '50mm']) add('BK', { materialName: kind, category: 'buckle', unit: 'PCS', spec: size, colour: '黑色', defaultSupplier: '宏达五金拉链厂', isFabric: false });
  for (const kind of ['PP织带', '尼龙织带', '涤纶织带']) for (const width of ['20mm', '25mm', '32mm', '38mm', '50mm']) for (const colour of COLOURS.slice(0, 3)) add('WB', { materialName: kind, category: 'webbing', unit: 'M', spec: `${width} 人字纹`, colour, defaultSupplier: '美伦织带有限公司', isFabric: false });
  for (const kind of ['涤纶缝线', '尼龙缝线', '邦迪线']) for (const spec of ['210D/3', '420D/3', '630D/3']) for (const colour of COLOURS.slice(0, 3)) add('TH', { materialName: kind, category: 'thread', unit: 'CONE', spec: `${spec} 5000m`, colour, defaultSupplier: '广州恒丰线业', isFabric: false });
  for (const kind of ['主唛', '洗水唛', '吊牌', '尺码唛', '织唛']) for (const spec of ['标准款', '定制款']) add('LB', { materialName: kind, category: 'label', unit: 'PCS', spec, colour: '白色', defaultSupplier: '深圳嘉彩印刷', isFabric: false });
  for (const kind of ['PE袋', '纸箱', '防尘袋', '干燥剂']) for (const spec of ['小号', '大号']) add('PK', { materialName: kind, category: 'packaging', unit: kind === '纸箱' ? 'BOX' : 'PCS', spec, colour: '', defaultSupplier: '深圳嘉彩印刷', isFabric: false });
  return out;
}

/** A small deterministic generator (the same demo data on every fresh data folder). */
function lcg(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % n;
  };
}

const CUSTOMERS = ['上海途行户外用品', 'NorthTrail Outdoor GmbH', '杭州简行箱包贸易', 'Urban Carry Co., Ltd.', '广州远足体育用品'];
const STYLES = ['BP-2301 双肩背包', 'BP-2302 登山包', 'TB-2303 托特包', 'MB-2304 邮差包', 'DB-2305 旅行袋', 'WB-2306 腰包', 'LB-2307 电脑包', 'CB-2308 帆布购物袋', 'SB-2309 斜挎包', 'TR-2310 拉杆箱'];

/** One BOM line (kd_pu_manfac_bom columns). usage per piece in the material's unit; lossRate in percent. */
interface BomLine {
  materialCode: string;
  materialName: string;
  spec: string;
  unit: string;
  usage: number;
  lossRate: number;
  isFabric: boolean;
}

/** The BOM of a style: main fabric, lining, zippers, buckles, webbing, thread, labels, packaging. */
function styleBom(materials: Material[], styleIndex: number): BomLine[] {
  const rnd = lcg(styleIndex + 7);
  const pick = (cat: string) => {
    const list = materials.filter((m) => m.category === cat);
    return list[rnd(list.length)] as Material;
  };
  const line = (m: Material, usage: number, lossRate: number): BomLine => ({ materialCode: m.materialCode, materialName: m.materialName, spec: m.spec, unit: m.unit, usage, lossRate, isFabric: m.isFabric });
  const lines = [
    line(pick('fabric'), 0.85 + rnd(60) / 100, 3),
    line(pick('lining'), 0.6 + rnd(30) / 100, 2),
    line(pick('zipper'), 1, 1),
    line(pick('zipper'), 2, 1),
    line(pick('buckle'), 2, 0.5),
    line(pick('webbing'), 1.2 + rnd(10) / 10, 2),
    line(pick('thread'), 0.02, 5),
    line(pick('label'), 1, 0),
    line(pick('packaging'), 1, 0),
  ];
  const seen = new Set<string>();
  return lines.filter((l) => !seen.has(l.materialCode) && seen.add(l.materialCode));
}

/**
 * Demo master data for purchasing (issue 17 item 1), unless KD_DEMO=0: about 300 materials, twenty manufacturing orders
 * MO2026001…MO2026020 (ten styles, two orders each; batches 239101…239120) with BOMs (the last order carries a
 * zero-usage line, for CheckZeroManfac), and department consumable items. Idempotent: skipped when materials exist.
 */
export default async function seedPurchasingDemo({ db }: SeedContext): Promise<void> {
  if (!demoEnabled()) return;
  const mdb = modelDb(db);
  const any = await mdb.selectFrom(PU_TABLES.material).select('id').limit(1).executeTakeFirst();
  if (any) return;
  const materials = demoMaterials();
  await mdb
    .insertInto(PU_TABLES.material)
    .values(materials.map((m, i) => ({ id: `pu-mat-${String(i + 1).padStart(4, '0')}`, ...m, remark: '' })))
    .execute();
  const rnd = lcg(2026);
  const day = 86_400_000;
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  for (let i = 0; i < 20; i++) {
    const id = `pu-mo-${String(i + 1).padStart(3, '0')}`;
    const style = STYLES[i % STYLES.length] as string;
    await mdb
      .insertInto(PU_TABLES.manfac)
      .values({ id, mno: `MO2026${String(i + 1).padStart(3, '0')}`, customer: CUSTOMERS[i % CUSTOMERS.length], sno: style.split(' ')[0], bno: `239${101 + i}`, quantity: (3 + rnd(28)) * 100, deliveryDate: today + (30 + rnd(60)) * day })
      .execute();
    const bom = styleBom(materials, i % STYLES.length);
    if (i === 19) bom.push({ ...(bom[bom.length - 1] as BomLine), materialCode: 'PK0003', materialName: '防尘袋', spec: '小号', usage: 0 });
    await mdb
      .insertInto(PU_TABLES.bom)
      .values(bom.map((b, j) => ({ id: `${id}-bom-${j + 1}`, parent_id: id, sort_order: j, ...b })))
      .execute();
  }
  const items: Array<[string, string, string, string, string | null]> = [
    ['DI001', 'A4复印纸', '70g 500张/包', 'BOX', null],
    ['DI002', '中性笔', '0.5mm 黑色', 'PCS', null],
    ['DI003', '裁布剪刀', '10寸', 'PCS', DEMO.departments.production],
    ['DI004', '缝纫机针', 'DPx17 #21', 'BOX', DEMO.departments.production],
    ['DI005', '缝纫机油', '白油 1L', 'PCS', DEMO.departments.production],
    ['DI006', '画粉', '白色 10片/盒', 'BOX', DEMO.departments.production],
    ['DI007', '劳保手套', '棉纱 12副/打', 'PAIR', DEMO.departments.production],
    ['DI008', '卷尺', '5m', 'PCS', DEMO.departments.quality],
    ['DI009', '色卡', '潘通 TPX', 'SET', DEMO.departments.quality],
    ['DI010', '封箱胶带', '48mm×100m', 'ROLL', DEMO.departments.warehouse],
    ['DI011', '打包带', 'PP 15mm', 'ROLL', DEMO.departments.warehouse],
    ['DI012', '标签打印纸', '100×150mm', 'ROLL', DEMO.departments.warehouse],
  ];
  await db
    .insertInto('pu_dept_item')
    .values(items.map(([code, name, spec, unit, org], i) => ({ id: `pu-di-${code}`, organize_id: org, item_code: code, item_name: name, spec, unit, sort_code: i + 1 })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
