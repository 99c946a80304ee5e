// The setup of webpack's own guide (an entry, HtmlWebpackPlugin) and nothing for the package: no
// fallbacks, no externals, no ignored modules.
import HtmlWebpackPlugin from 'html-webpack-plugin';

export default {
  entry: './src/index.js',
  plugins: [new HtmlWebpackPlugin({ template: './src/index.html' })],
  output: { clean: true },
};
