export default function ResourceList() { return null; }
