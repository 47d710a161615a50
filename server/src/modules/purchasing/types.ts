import type { ColumnType, Generated } from 'kysely';

type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type OptStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** `pu_unit` (migration 0560): a unit of measure. */
export interface PuUnitTable {
  code: string;
  name: string;
  en_name: Generated<string>;
  sort_code: Generated<number>;
}

/** `pu_dept_item`: a department consumable item; organize_id null = every department. */
export interface PuDeptItemTable {
  id: string;
  organize_id: string | null;
  item_code: string;
  item_name: string;
  spec: Generated<string>;
  unit: Generated<string>;
  sort_code: Generated<number>;
}

/** `pu_req`: a requisition header (see the migration for the meaning of each column). */
export interface PuReqTable {
  id: string;
  bill_no: string;
  tno: string | null;
  req_type: string;
  organize_id: string | null;
  requester_id: string | null;
  /** YYYY-MM-DD */
  req_date: string;
  /** YYYY-MM-DD */
  delivery_date: string;
  mno: string | null;
  remark: Generated<string>;
  /** JSON array of `{ name, fileId, url }`. */
  attachments: Generated<string>;
  audit_state: Generated<number>;
  doc_state: Generated<number>;
  progress: Generated<number>;
  line_count: Generated<number>;
  total_qty: Generated<number>;
  version: Generated<number>;
  created_at: Stamp;
  created_by: string | null;
  updated_at: OptStamp;
  updated_by: string | null;
  /** In the recycle bin since (migration 0680; purchasing/bin.ts); null: live. */
  f_deleted_at: OptStamp;
  /** Who binned it. */
  f_deleted_by: string | null;
}

/** `pu_req_detail`: a requisition line. */
export interface PuReqDetailTable {
  id: string;
  req_id: string;
  sort_order: Generated<number>;
  material_code: string;
  material_name: Generated<string>;
  spec: Generated<string>;
  unit: Generated<string>;
  quantity: number;
  delivery_date: string;
  supplier: Generated<string>;
  mno: string | null;
  sno: string | null;
  bno: string | null;
  bom_id: string | null;
  remark: Generated<string>;
  outsourced_qty: Generated<number>;
  received_qty: Generated<number>;
  progress: Generated<number>;
}

/** `pu_req_log`: one change of a requisition. */
export interface PuReqLogTable {
  id: string;
  req_id: string;
  action: string;
  from_state: number | null;
  to_state: number | null;
  note: Generated<string>;
  user_id: string | null;
  created_at: Stamp;
}

/** `pu_tno`: an issued temporary number. */
export interface PuTnoTable {
  tno: string;
  user_id: string | null;
  created_at: Stamp;
}

declare module '../../db/types' {
  /** The purchasing tables join the application's Database (interface merging, see db/types.ts). */
  interface Database {
    pu_unit: PuUnitTable;
    pu_dept_item: PuDeptItemTable;
    pu_req: PuReqTable;
    pu_req_detail: PuReqDetailTable;
    pu_req_log: PuReqLogTable;
    pu_tno: PuTnoTable;
  }
}

/** A requisition line as the API sends and receives it (camelCase). quantity in the line's unit. */
export interface ReqLine {
  id?: string;
  materialCode: string;
  materialName?: string;
  spec?: string;
  unit?: string;
  quantity: number;
  /** YYYY-MM-DD; defaults to the header's delivery date. */
  deliveryDate?: string;
  supplier?: string;
  mno?: string | null;
  sno?: string | null;
  bno?: string | null;
  bomId?: string | null;
  remark?: string;
  outsourcedQty?: number;
  receivedQty?: number;
  progress?: number;
}

/** The body of CreateReq / UpdateReq (UpdateReq adds `version`). */
export interface ReqInput {
  tno?: string;
  reqType: string;
  organizeId?: string | null;
  requesterId?: string | null;
  reqDate: string;
  deliveryDate: string;
  mno?: string | null;
  remark?: string;
  attachments?: Array<{ name: string; fileId: string; url?: string }>;
  lines: ReqLine[];
  version?: number;
}
