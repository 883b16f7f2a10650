// A noise field (the C API's gradnoise_noise): made from FieldOptions or (name, text) settings, immutable,
// safe to evaluate from any number of threads at once. Every value is bit for bit what the C++, C, Python,
// JavaScript and command-line interfaces give, on every CPU (docs/conformance.md).
using System;
using System.Collections.Generic;

namespace Gradnoise
{
    public sealed unsafe class Field : IDisposable
    {
        private readonly DescHandle desc;  // kept for Parameter()
        private readonly NoiseHandle noise;

        /// <summary>Ken Perlin's improved noise: the defaults.</summary>
        public Field() : this(new FieldOptions()) { }

        /// <summary>The field the options describe; GradnoiseException names a parameter out of its range.</summary>
        public Field(FieldOptions options) : this(options.Settings()) { }

        /// <summary>The field of (name, text) settings, each as gradnoise_desc_set_parameter reads it
        /// ("octaves", "6"; "basis", "opensimplex2"; "seed", "reference").</summary>
        public Field(IEnumerable<KeyValuePair<string, string>> settings)
        {
            if (settings == null) throw new ArgumentNullException("settings");
            Native.Check(Native.gradnoise_desc_create(out desc));
            try
            {
                foreach (KeyValuePair<string, string> s in settings)
                {
                    if (s.Key == null || s.Value == null) throw new ArgumentException("a setting's name and text must not be null", "settings");
                    fixed (byte* name = Native.Utf8(s.Key))
                    fixed (byte* text = Native.Utf8(s.Value))
                    {
                        int status = Native.gradnoise_desc_set_parameter(desc, name, text);
                        if (status != 0)  // the library's message, after the setting it refuses
                        {
                            throw new GradnoiseException((Status)status, s.Key + "=" + s.Value + ": " +
                                                         Native.Text(Native.gradnoise_last_error_message()));
                        }
                    }
                }
                Native.Check(Native.gradnoise_noise_create(desc, out noise));
            }
            catch
            {
                desc.Dispose();
                if (noise != null) noise.Dispose();
                throw;
            }
        }

        /// <summary>Frees the field's tables (once no call still uses them). Calls after it throw
        /// ObjectDisposedException. A field never disposed is freed when it is collected.</summary>
        public void Dispose()
        {
            noise.Dispose();
            desc.Dispose();
        }

        private NoiseHandle Handle
        {
            get
            {
                if (noise.IsClosed) throw new ObjectDisposedException("Field");
                return noise;
            }
        }

        /// <summary>A parameter's value as text (the default where not set): "6", "fbm", "reference".</summary>
        public string Parameter(string name)
        {
            if (name == null) throw new ArgumentNullException("name");
            if (desc.IsClosed) throw new ObjectDisposedException("Field");
            byte[] utf8 = Native.Utf8(name);
            UIntPtr length;
            fixed (byte* n = utf8)
            {
                Native.Check(Native.gradnoise_desc_get_parameter(desc, n, null, UIntPtr.Zero, out length));
                byte[] buffer = new byte[(int)length + 1];
                fixed (byte* b = buffer)
                {
                    Native.Check(Native.gradnoise_desc_get_parameter(desc, n, b, (UIntPtr)buffer.Length, out length));
                }
                return System.Text.Encoding.UTF8.GetString(buffer, 0, (int)length);
            }
        }

        // ---- points ----

        public float Evaluate(float x, float y)
        {
            float v;
            Native.Check(Native.gradnoise_evaluate_2d(Handle, &x, &y, &v, (UIntPtr)1));
            return v;
        }

        public float Evaluate(float x, float y, float z)
        {
            float v;
            Native.Check(Native.gradnoise_evaluate_3d(Handle, &x, &y, &z, &v, (UIntPtr)1));
            return v;
        }

        public float Evaluate(float x, float y, float z, float w)
        {
            float v;
            Native.Check(Native.gradnoise_evaluate_4d(Handle, &x, &y, &z, &w, &v, (UIntPtr)1));
            return v;
        }

        /// <summary>output[i] = the field at (x[i], y[i]); the arrays of one length (output at least as long).</summary>
        public void Evaluate(float[] x, float[] y, float[] output)
        {
            NoiseHandle h = Handle;
            Sampling.Values((px, py, pz, pw, po, n) => Native.gradnoise_evaluate_2d(h, px, py, po, n), output, x, y);
        }

        public void Evaluate(float[] x, float[] y, float[] z, float[] output)
        {
            NoiseHandle h = Handle;
            Sampling.Values((px, py, pz, pw, po, n) => Native.gradnoise_evaluate_3d(h, px, py, pz, po, n), output, x, y, z);
        }

        public void Evaluate(float[] x, float[] y, float[] z, float[] w, float[] output)
        {
            NoiseHandle h = Handle;
            Sampling.Values((px, py, pz, pw, po, n) => Native.gradnoise_evaluate_4d(h, px, py, pz, pw, po, n), output, x, y, z, w);
        }

        /// <summary>Binary64: Ken Perlin's reference in double, bit for bit (a perlin basis with the permutation
        /// hash and no period, warp or pattern; otherwise GradnoiseException).</summary>
        public void Evaluate(double[] x, double[] y, double[] output)
        {
            int n = Checks.Points(output, x, y);
            fixed (double* px = x) fixed (double* py = y) fixed (double* po = output)
            {
                Native.Check(Native.gradnoise_evaluate_2d_f64(Handle, px, py, po, (UIntPtr)n));
            }
        }

        public void Evaluate(double[] x, double[] y, double[] z, double[] output)
        {
            int n = Checks.Points(output, x, y, z);
            fixed (double* px = x) fixed (double* py = y) fixed (double* pz = z) fixed (double* po = output)
            {
                Native.Check(Native.gradnoise_evaluate_3d_f64(Handle, px, py, pz, po, (UIntPtr)n));
            }
        }

        // ---- gradients ----

        /// <summary>Values with their analytic gradients at points: value[i], dx[i], dy[i] (a pattern has none).</summary>
        public void Gradient(float[] x, float[] y, float[] value, float[] dx, float[] dy)
        {
            NoiseHandle h = Handle;
            Sampling.Gradients((float* px, float* py, float* pz, float* pw, ref Native.GradientOut o, UIntPtr n) =>
                                   Native.gradnoise_evaluate_gradient_2d(h, px, py, ref o, n),
                               new[] { value, dx, dy }, x, y);
        }

        public void Gradient(float[] x, float[] y, float[] z, float[] value, float[] dx, float[] dy, float[] dz)
        {
            NoiseHandle h = Handle;
            Sampling.Gradients((float* px, float* py, float* pz, float* pw, ref Native.GradientOut o, UIntPtr n) =>
                                   Native.gradnoise_evaluate_gradient_3d(h, px, py, pz, ref o, n),
                               new[] { value, dx, dy, dz }, x, y, z);
        }

        public void Gradient(float[] x, float[] y, float[] z, float[] w, float[] value, float[] dx, float[] dy, float[] dz,
                             float[] dw)
        {
            NoiseHandle h = Handle;
            Sampling.Gradients((float* px, float* py, float* pz, float* pw, ref Native.GradientOut o, UIntPtr n) =>
                                   Native.gradnoise_evaluate_gradient_4d(h, px, py, pz, pw, ref o, n),
                               new[] { value, dx, dy, dz, dw }, x, y, z, w);
        }

        // ---- grids and chunks (threads: 1 = the calling thread; 0 = every core; the bits never change) ----

        public void Grid(Grid2D grid, float[] output, int threads = 1)
        {
            Checks.Output(output, grid.Count, "output");
            fixed (float* o = output) Grid(grid, o, threads);
        }

        public void Grid(Grid3D grid, float[] output, int threads = 1)
        {
            Checks.Output(output, grid.Count, "output");
            fixed (float* o = output) Grid(grid, o, threads);
        }

        /// <summary>A grid into memory the caller owns (a NativeArray's, a texture's): Width * Height floats.</summary>
        public void Grid(Grid2D grid, float* output, int threads = 1)
        {
            Native.Grid2DC g = Checks.Form(grid);
            Native.FillOptions options = Checks.Threads(threads);
            Native.Check(Native.gradnoise_fill_grid_2d(Handle, ref g, output, UIntPtr.Zero, ref options));
        }

        public void Grid(Grid3D grid, float* output, int threads = 1)
        {
            Native.Grid3DC g = Checks.Form(grid);
            Native.FillOptions options = Checks.Threads(threads);
            Native.Check(Native.gradnoise_fill_grid_3d(Handle, ref g, output, UIntPtr.Zero, UIntPtr.Zero, ref options));
        }

        /// <summary>A 2D grid's values with their gradients (a normal map, hill shading), each Width * Height floats.</summary>
        public void GradientGrid(Grid2D grid, float[] value, float[] dx, float[] dy, int threads = 1)
        {
            Checks.Output(value, grid.Count, "value");
            Checks.Output(dx, grid.Count, "dx");
            Checks.Output(dy, grid.Count, "dy");
            Native.Grid2DC g = Checks.Form(grid);
            Native.FillOptions options = Checks.Threads(threads);
            fixed (float* v = value) fixed (float* gx = dx) fixed (float* gy = dy)
            {
                Native.GradientOut o = new Native.GradientOut { Value = v, Dx = gx, Dy = gy };
                Native.Check(Native.gradnoise_fill_grid_gradient_2d(Handle, ref g, ref o, UIntPtr.Zero, ref options));
            }
        }

        public void Chunk(Chunk2D chunk, float[] output, int threads = 1)
        {
            Checks.Output(output, chunk.Count, "output");
            Native.Chunk2DC c = Checks.Form(chunk);
            Native.FillOptions options = Checks.Threads(threads);
            fixed (float* o = output)
            {
                Native.Check(Native.gradnoise_fill_chunk_2d(Handle, ref c, o, UIntPtr.Zero, ref options));
            }
        }

        public void Chunk(Chunk3D chunk, float[] output, int threads = 1)
        {
            Checks.Output(output, chunk.Count, "output");
            Native.Chunk3DC c = Checks.Form(chunk);
            Native.FillOptions options = Checks.Threads(threads);
            fixed (float* o = output)
            {
                Native.Check(Native.gradnoise_fill_chunk_3d(Handle, ref c, o, UIntPtr.Zero, UIntPtr.Zero, ref options));
            }
        }

#if GRADNOISE_SPAN || NETSTANDARD2_1_OR_GREATER || NETCOREAPP || UNITY_2021_2_OR_NEWER
        // ---- Span<float> (where the runtime has System.Memory: Unity 2021.2+, Godot .NET, .NET Core) ----

        public void Evaluate(ReadOnlySpan<float> x, ReadOnlySpan<float> y, Span<float> output)
        {
            if (x.Length != y.Length) throw new ArgumentException("x and y must have one length", "y");
            if (output.Length < x.Length) throw new ArgumentException("output must hold x.Length floats", "output");
            fixed (float* px = x) fixed (float* py = y) fixed (float* po = output)
            {
                Native.Check(Native.gradnoise_evaluate_2d(Handle, px, py, po, (UIntPtr)x.Length));
            }
        }

        public void Evaluate(ReadOnlySpan<float> x, ReadOnlySpan<float> y, ReadOnlySpan<float> z, Span<float> output)
        {
            if (x.Length != y.Length || x.Length != z.Length) throw new ArgumentException("x, y and z must have one length", "z");
            if (output.Length < x.Length) throw new ArgumentException("output must hold x.Length floats", "output");
            fixed (float* px = x) fixed (float* py = y) fixed (float* pz = z) fixed (float* po = output)
            {
                Native.Check(Native.gradnoise_evaluate_3d(Handle, px, py, pz, po, (UIntPtr)x.Length));
            }
        }

        public void Grid(Grid2D grid, Span<float> output, int threads = 1)
        {
            Checks.Output(output.Length, grid.Count, "output");
            fixed (float* o = output) Grid(grid, o, threads);
        }

        public void Grid(Grid3D grid, Span<float> output, int threads = 1)
        {
            Checks.Output(output.Length, grid.Count, "output");
            fixed (float* o = output) Grid(grid, o, threads);
        }
#endif
    }
}
