// A graph file's field (docs/graphs.md; the C API's gradnoise_graph): read from its JSON text, immutable, safe
// from many threads; the same bits as `gradnoise bake --graph` and every other binding.
using System;

namespace Gradnoise
{
    public sealed unsafe class Graph : IDisposable
    {
        private readonly GraphHandle graph;

        /// <summary>Reads, validates and compiles a graph file's text; GradnoiseException carries the loader's
        /// whole message ("graph node 'hills' (fractal): octaves must be an integer in 1..32 (got 40)").</summary>
        public Graph(string json)
        {
            if (json == null) throw new ArgumentNullException("json");
            byte[] text = System.Text.Encoding.UTF8.GetBytes(json);
            byte[] error = new byte[1024];
            int status;
            fixed (byte* t = text) fixed (byte* e = error)
            {
                status = Native.gradnoise_graph_create_from_json(t, (UIntPtr)text.Length, out graph, e, (UIntPtr)error.Length);
            }
            if (status != 0)
            {
                int n = Array.IndexOf(error, (byte)0);
                throw new GradnoiseException((Status)status, System.Text.Encoding.UTF8.GetString(error, 0, n < 0 ? error.Length : n));
            }
            Dimensions = Native.gradnoise_graph_dimensions(graph);
        }

        /// <summary>2, 3 or 4: the points and grids it takes.</summary>
        public int Dimensions { get; private set; }

        public void Dispose() { graph.Dispose(); }

        private GraphHandle Handle
        {
            get
            {
                if (graph.IsClosed) throw new ObjectDisposedException("Graph");
                return graph;
            }
        }

        /// <summary>The canonical JSON text (what `gradnoise bake --print-graph` writes).</summary>
        public string ToJson()
        {
            UIntPtr length;
            Native.Check(Native.gradnoise_graph_to_json(Handle, null, UIntPtr.Zero, out length));
            byte[] buffer = new byte[(int)length + 1];
            fixed (byte* b = buffer) Native.Check(Native.gradnoise_graph_to_json(Handle, b, (UIntPtr)buffer.Length, out length));
            return System.Text.Encoding.UTF8.GetString(buffer, 0, (int)length);
        }

        public void Evaluate(float[] x, float[] y, float[] output)
        {
            GraphHandle h = Handle;
            Sampling.Values((px, py, pz, pw, po, n) => Native.gradnoise_graph_evaluate_2d(h, px, py, po, n), output, x, y);
        }

        public void Evaluate(float[] x, float[] y, float[] z, float[] output)
        {
            GraphHandle h = Handle;
            Sampling.Values((px, py, pz, pw, po, n) => Native.gradnoise_graph_evaluate_3d(h, px, py, pz, po, n), output, x, y, z);
        }

        public void Evaluate(float[] x, float[] y, float[] z, float[] w, float[] output)
        {
            GraphHandle h = Handle;
            Sampling.Values((px, py, pz, pw, po, n) => Native.gradnoise_graph_evaluate_4d(h, px, py, pz, pw, po, n), output, x, y, z, w);
        }

        public void Gradient(float[] x, float[] y, float[] value, float[] dx, float[] dy)
        {
            GraphHandle h = Handle;
            Sampling.Gradients((float* px, float* py, float* pz, float* pw, ref Native.GradientOut o, UIntPtr n) =>
                                   Native.gradnoise_graph_evaluate_gradient_2d(h, px, py, ref o, n),
                               new[] { value, dx, dy }, x, y);
        }

        public void Gradient(float[] x, float[] y, float[] z, float[] value, float[] dx, float[] dy, float[] dz)
        {
            GraphHandle h = Handle;
            Sampling.Gradients((float* px, float* py, float* pz, float* pw, ref Native.GradientOut o, UIntPtr n) =>
                                   Native.gradnoise_graph_evaluate_gradient_3d(h, px, py, pz, ref o, n),
                               new[] { value, dx, dy, dz }, x, y, z);
        }

        public void Grid(Grid2D grid, float[] output, int threads = 1)
        {
            Checks.Output(output, grid.Count, "output");
            Native.Grid2DC g = Checks.Form(grid);
            Native.FillOptions options = Checks.Threads(threads);
            fixed (float* o = output) Native.Check(Native.gradnoise_graph_fill_grid_2d(Handle, ref g, o, UIntPtr.Zero, ref options));
        }

        public void Grid(Grid3D grid, float[] output, int threads = 1)
        {
            Checks.Output(output, grid.Count, "output");
            Native.Grid3DC g = Checks.Form(grid);
            Native.FillOptions options = Checks.Threads(threads);
            fixed (float* o = output)
            {
                Native.Check(Native.gradnoise_graph_fill_grid_3d(Handle, ref g, o, UIntPtr.Zero, UIntPtr.Zero, ref options));
            }
        }

        /// <summary>A chunk of the graph's world: sample s at float(double(s) * double(spacing)) (docs/spec.md 19.8),
        /// so chunks join bit for bit.</summary>
        public void Chunk(Chunk2D chunk, float[] output, int threads = 1)
        {
            Checks.Output(output, chunk.Count, "output");
            Native.Chunk2DC c = Checks.Form(chunk);
            Native.FillOptions options = Checks.Threads(threads);
            fixed (float* o = output) Native.Check(Native.gradnoise_graph_fill_chunk_2d(Handle, ref c, o, UIntPtr.Zero, ref options));
        }

        public void Chunk(Chunk3D chunk, float[] output, int threads = 1)
        {
            Checks.Output(output, chunk.Count, "output");
            Native.Chunk3DC c = Checks.Form(chunk);
            Native.FillOptions options = Checks.Threads(threads);
            fixed (float* o = output)
            {
                Native.Check(Native.gradnoise_graph_fill_chunk_3d(Handle, ref c, o, UIntPtr.Zero, UIntPtr.Zero, ref options));
            }
        }
    }
}
