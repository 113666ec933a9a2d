/** antd's Image on its own, for FieldValue to fetch lazily (its previewer is 9 kB gzip that no list needs until an image shows). */
export { Image as default } from 'antd';
