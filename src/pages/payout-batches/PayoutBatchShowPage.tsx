export default function PayoutBatchShowPage() { return null; }
