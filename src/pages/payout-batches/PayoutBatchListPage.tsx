export default function PayoutBatchListPage() { return null; }
