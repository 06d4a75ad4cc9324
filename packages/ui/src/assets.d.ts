// Stylesheets are bundled by webpack (css-loader + MiniCssExtractPlugin); importing one has only side effects.
declare module '*.css';
// Audio files are emitted by webpack as assets; importing one gives its URL.
declare module '*.wav' {
  const url: string;
  export default url;
}
