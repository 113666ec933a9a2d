/**
 * A collection order's detail: the generic detail screen plus the allocation explanation, which
 * is read by its own call (GET /order/getOrderAllocateInfo) answering each role what it may see.
 */
import ResourceShow from '../../components/resource/ResourceShow';
import { AllocationPanel } from './AllocationPanel';

export default function OrderShow() {
  return (
    <>
      <ResourceShow />
      <AllocationPanel />
    </>
  );
}
