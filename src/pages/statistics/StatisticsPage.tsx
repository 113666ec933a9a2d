export default function StatisticsPage() { return null; }
