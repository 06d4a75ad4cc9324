// Stylesheets are bundled by webpack (css-loader + MiniCssExtractPlugin); importing one has only side effects.
declare module '*.css';
