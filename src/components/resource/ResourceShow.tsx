export default function ResourceShow() { return null; }
