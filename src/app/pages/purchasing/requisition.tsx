import RequisitionList from '../../purchasing/RequisitionList';
import type { PageProps } from '../index';

/** 采购申请 (menu urlAddress purchasing/requisition; issue 17 item 4): the requisition list. */
export default function Requisition({ menuId }: PageProps) {
  return <RequisitionList menuId={menuId} />;
}
