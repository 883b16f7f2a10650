// What Field and Graph share for points: the arrays checked (names in the messages) and pinned, then one
// native call on their pointers (coordinates and outputs past the call's dimension count are null).
using System;

namespace Gradnoise
{
    internal static unsafe class Sampling
    {
        internal delegate int ValuesCall(float* x, float* y, float* z, float* w, float* output, UIntPtr count);
        internal delegate int GradientsCall(float* x, float* y, float* z, float* w, ref Native.GradientOut output, UIntPtr count);

        private static float[] At(float[][] arrays, int i) { return i < arrays.Length ? arrays[i] : null; }

        /// <summary>output[i] = the field at the i-th point of 2 to 4 coordinate arrays.</summary>
        internal static void Values(ValuesCall call, float[] output, params float[][] coordinates)
        {
            int n = Checks.Points(output, coordinates);
            fixed (float* x = coordinates[0]) fixed (float* y = coordinates[1]) fixed (float* z = At(coordinates, 2))
            fixed (float* w = At(coordinates, 3)) fixed (float* o = output)
            {
                Native.Check(call(x, y, z, w, o, (UIntPtr)n));
            }
        }

        /// <summary>outputs: the values, then d/dx, d/dy (, d/dz, d/dw), one more than the coordinate arrays.</summary>
        internal static void Gradients(GradientsCall call, float[][] outputs, params float[][] coordinates)
        {
            string[] names = { "value", "dx", "dy", "dz", "dw" };
            int n = Checks.Points(outputs[0], coordinates);
            for (int k = 1; k < outputs.Length; ++k) Checks.Output(outputs[k], n, names[k]);
            fixed (float* x = coordinates[0]) fixed (float* y = coordinates[1]) fixed (float* z = At(coordinates, 2))
            fixed (float* w = At(coordinates, 3))
            fixed (float* v = outputs[0]) fixed (float* gx = outputs[1]) fixed (float* gy = outputs[2])
            fixed (float* gz = At(outputs, 3)) fixed (float* gw = At(outputs, 4))
            {
                Native.GradientOut o = new Native.GradientOut { Value = v, Dx = gx, Dy = gy, Dz = gz, Dw = gw };
                Native.Check(call(x, y, z, w, ref o, (UIntPtr)n));
            }
        }
    }
}
