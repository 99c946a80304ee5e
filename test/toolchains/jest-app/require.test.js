// The package as CommonJS code loads it: require().
const nqueens = require('nqueens-wasm');
const describeCounting = require('./counting');

describeCounting(nqueens);
