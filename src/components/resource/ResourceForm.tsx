export default function ResourceForm() { return null; }
