// Everything @vladmandic/face-api reads from '@tensorflow/tfjs' is tfjs-core's (see package.json). The full
// package also adds the chained tensor methods (`tensor.as3D(...)`, `tensor.sub(...)`); tfjs-core ships them only
// as ES module sources that Node cannot load, so they are added here, as tfjs 4.22 defines them.
const tf = require('@tensorflow/tfjs-core');

/** The methods that call the operation of the same name with the tensor as its first argument. */
const THIS_FIRST = `abs acos acosh add all any argMax argMin asin asinh atan atan2 atanh batchToSpaceND batchNorm
  broadcastTo cast ceil clipByValue conv1d conv2d cos cosh cumprod cumsum depthToSpace divNoNan div dot elu equal erf
  euclideanNorm exp expandDims expm1 fft floor floorDiv gather greaterEqual greater ifft irfft isFinite isInf isNaN
  leakyRelu lessEqual less logSigmoid logSoftmax logSumExp log log1p logicalAnd logicalNot logicalOr logicalXor
  matMul max maximum mean min minimum mirrorPad mod mul neg norm notEqual oneHot onesLike pad pool pow prelu prod
  reciprocal relu relu6 reshape reverse rfft round rsqrt selu sigmoid sign sin sinh slice softmax softplus
  spaceToBatchND split sqrt square squaredDifference squeeze step stridedSlice sub sum tan tanh tile topk transpose
  unique unstack zerosLike`.split(/\s+/);

const methods = {
  asScalar() {
    tf.util.assert(this.size === 1, () => 'The array must have only 1 element.');
    return tf.reshape(this, []);
  },
  asType(dtype) {
    return tf.cast(this, dtype);
  },
  as1D() {
    return tf.reshape(this, [this.size]);
  },
  as2D(rows, columns) {
    return tf.reshape(this, [rows, columns]);
  },
  as3D(rows, columns, depth) {
    return tf.reshape(this, [rows, columns, depth]);
  },
  as4D(rows, columns, depth, depth2) {
    return tf.reshape(this, [rows, columns, depth, depth2]);
  },
  as5D(rows, columns, depth, depth2, depth3) {
    return tf.reshape(this, [rows, columns, depth, depth2, depth3]);
  },
  concat(x, axis) {
    return tf.concat(x instanceof tf.Tensor ? [this, x] : [this, ...x], axis);
  },
  flatten() {
    return tf.reshape(this, [this.size]);
  },
  reshapeAs(x) {
    return tf.reshape(this, x.shape);
  },
  stack(x, axis) {
    return tf.stack(x instanceof tf.Tensor ? [this, x] : [this, ...x], axis);
  },
  toBool() {
    return tf.cast(this, 'bool');
  },
  toFloat() {
    return tf.cast(this, 'float32');
  },
  toInt() {
    return tf.cast(this, 'int32');
  },
  where(condition, x) {
    return tf.where(condition, this, x);
  },
};
for (const name of THIS_FIRST)
  methods[name] = function (...args) {
    return tf[name](this, ...args);
  };

const prototype = tf.Tensor.prototype;
for (const [name, method] of Object.entries(methods))
  prototype[name] = function (...args) {
    this.throwIfDisposed();
    return method.apply(this, args);
  };

module.exports = tf;
