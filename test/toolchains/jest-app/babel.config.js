// Jest's Getting Started, "Using Babel": what a Jest project on its defaults adds to write `import`.
module.exports = {
  presets: [['@babel/preset-env', { targets: { node: 'current' } }]],
};
