// The C API (include/gradnoise/gradnoise.h) as P/Invoke declarations: the library loads as "gradnoise"
// (libgradnoise.so, gradnoise.dll: Unity's Plugins folders, or beside the program). Internal: the public
// surface is Field, Graph and their value types.
using System;
using System.Runtime.InteropServices;
using Microsoft.Win32.SafeHandles;

namespace Gradnoise
{
    // The handles, freed by the runtime once no call uses them (a SafeHandle is held for the length of each
    // call: a field collected or disposed while another thread's call runs is not freed under it).
    internal sealed class DescHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        private DescHandle() : base(true) { }
        protected override bool ReleaseHandle() { Native.gradnoise_desc_destroy(handle); return true; }
    }

    internal sealed class NoiseHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        private NoiseHandle() : base(true) { }
        protected override bool ReleaseHandle() { Native.gradnoise_noise_destroy(handle); return true; }
    }

    internal sealed class GraphHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        private GraphHandle() : base(true) { }
        protected override bool ReleaseHandle() { Native.gradnoise_graph_destroy(handle); return true; }
    }

    internal static unsafe class Native
    {
        private const string Library = "gradnoise";

        [StructLayout(LayoutKind.Sequential)]
        internal struct Grid2DC { public float OriginX, OriginY, StepX, StepY; public UIntPtr SizeX, SizeY; }

        [StructLayout(LayoutKind.Sequential)]
        internal struct Grid3DC
        {
            public float OriginX, OriginY, OriginZ, StepX, StepY, StepZ;
            public UIntPtr SizeX, SizeY, SizeZ;
        }

        [StructLayout(LayoutKind.Sequential)]
        internal struct Chunk2DC { public long FirstX, FirstY; public UIntPtr SizeX, SizeY; public float Spacing; public int Level; }

        [StructLayout(LayoutKind.Sequential)]
        internal struct Chunk3DC
        {
            public long FirstX, FirstY, FirstZ;
            public UIntPtr SizeX, SizeY, SizeZ;
            public float Spacing;
            public int Level;
        }

        [StructLayout(LayoutKind.Sequential)]
        internal struct GradientOut { public float* Value, Dx, Dy, Dz, Dw; }

        [StructLayout(LayoutKind.Sequential)]
        internal struct FillOptions { public uint Threads; public IntPtr Progress, User; }

        [StructLayout(LayoutKind.Sequential)]
        internal struct ParameterInfo
        {
            public IntPtr Name, Member;
            public int Kind;
            public double Lo, Hi;
            public int LoOpen;
            public UIntPtr ChoiceCount;
            public IntPtr Allowed, Expects, Help, Needs, AxisOf, DefaultText;
        }

        [DllImport(Library)] internal static extern IntPtr gradnoise_last_error_message();
        [DllImport(Library)] internal static extern uint gradnoise_version();
        [DllImport(Library)] internal static extern IntPtr gradnoise_version_string();
        [DllImport(Library)] internal static extern int gradnoise_active_isa();
        [DllImport(Library)] internal static extern IntPtr gradnoise_isa_name(int isa);

        [DllImport(Library)] internal static extern UIntPtr gradnoise_parameter_count();
        [DllImport(Library)] internal static extern int gradnoise_parameter(UIntPtr index, out ParameterInfo info);
        [DllImport(Library)] internal static extern int gradnoise_parameter_choice(UIntPtr index, UIntPtr choice, out IntPtr name, out IntPtr help);

        [DllImport(Library)] internal static extern int gradnoise_desc_create(out DescHandle desc);
        [DllImport(Library)] internal static extern void gradnoise_desc_destroy(IntPtr desc);
        [DllImport(Library)] internal static extern int gradnoise_desc_set_parameter(DescHandle desc, byte* name, byte* value);
        [DllImport(Library)] internal static extern int gradnoise_desc_get_parameter(DescHandle desc, byte* name, byte* buffer, UIntPtr capacity, out UIntPtr length);
        [DllImport(Library)] internal static extern int gradnoise_noise_create(DescHandle desc, out NoiseHandle noise);
        [DllImport(Library)] internal static extern void gradnoise_noise_destroy(IntPtr noise);

        [DllImport(Library)] internal static extern int gradnoise_evaluate_2d(NoiseHandle noise, float* x, float* y, float* output, UIntPtr count);
        [DllImport(Library)] internal static extern int gradnoise_evaluate_3d(NoiseHandle noise, float* x, float* y, float* z, float* output, UIntPtr count);
        [DllImport(Library)] internal static extern int gradnoise_evaluate_4d(NoiseHandle noise, float* x, float* y, float* z, float* w, float* output, UIntPtr count);
        [DllImport(Library)] internal static extern int gradnoise_evaluate_2d_f64(NoiseHandle noise, double* x, double* y, double* output, UIntPtr count);
        [DllImport(Library)] internal static extern int gradnoise_evaluate_3d_f64(NoiseHandle noise, double* x, double* y, double* z, double* output, UIntPtr count);
        [DllImport(Library)] internal static extern int gradnoise_fill_grid_2d(NoiseHandle noise, ref Grid2DC grid, float* output, UIntPtr rowStride, ref FillOptions options);
        [DllImport(Library)] internal static extern int gradnoise_fill_grid_3d(NoiseHandle noise, ref Grid3DC grid, float* output, UIntPtr rowStride, UIntPtr sliceStride, ref FillOptions options);
        [DllImport(Library)] internal static extern int gradnoise_fill_chunk_2d(NoiseHandle noise, ref Chunk2DC chunk, float* output, UIntPtr rowStride, ref FillOptions options);
        [DllImport(Library)] internal static extern int gradnoise_fill_chunk_3d(NoiseHandle noise, ref Chunk3DC chunk, float* output, UIntPtr rowStride, UIntPtr sliceStride, ref FillOptions options);
        [DllImport(Library)] internal static extern int gradnoise_evaluate_gradient_2d(NoiseHandle noise, float* x, float* y, ref GradientOut output, UIntPtr count);
        [DllImport(Library)] internal static extern int gradnoise_evaluate_gradient_3d(NoiseHandle noise, float* x, float* y, float* z, ref GradientOut output, UIntPtr count);
        [DllImport(Library)] internal static extern int gradnoise_evaluate_gradient_4d(NoiseHandle noise, float* x, float* y, float* z, float* w, ref GradientOut output, UIntPtr count);
        [DllImport(Library)] internal static extern int gradnoise_fill_grid_gradient_2d(NoiseHandle noise, ref Grid2DC grid, ref GradientOut output, UIntPtr rowStride, ref FillOptions options);

        [DllImport(Library)] internal static extern int gradnoise_graph_create_from_json(byte* json, UIntPtr length, out GraphHandle graph, byte* error, UIntPtr errorCapacity);
        [DllImport(Library)] internal static extern void gradnoise_graph_destroy(IntPtr graph);
        [DllImport(Library)] internal static extern int gradnoise_graph_dimensions(GraphHandle graph);
        [DllImport(Library)] internal static extern int gradnoise_graph_to_json(GraphHandle graph, byte* buffer, UIntPtr capacity, out UIntPtr length);
        [DllImport(Library)] internal static extern int gradnoise_graph_evaluate_2d(GraphHandle graph, float* x, float* y, float* output, UIntPtr count);
        [DllImport(Library)] internal static extern int gradnoise_graph_evaluate_3d(GraphHandle graph, float* x, float* y, float* z, float* output, UIntPtr count);
        [DllImport(Library)] internal static extern int gradnoise_graph_evaluate_4d(GraphHandle graph, float* x, float* y, float* z, float* w, float* output, UIntPtr count);
        [DllImport(Library)] internal static extern int gradnoise_graph_fill_grid_2d(GraphHandle graph, ref Grid2DC grid, float* output, UIntPtr rowStride, ref FillOptions options);
        [DllImport(Library)] internal static extern int gradnoise_graph_fill_grid_3d(GraphHandle graph, ref Grid3DC grid, float* output, UIntPtr rowStride, UIntPtr sliceStride, ref FillOptions options);
        [DllImport(Library)] internal static extern int gradnoise_graph_fill_chunk_2d(GraphHandle graph, ref Chunk2DC chunk, float* output, UIntPtr rowStride, ref FillOptions options);
        [DllImport(Library)] internal static extern int gradnoise_graph_fill_chunk_3d(GraphHandle graph, ref Chunk3DC chunk, float* output, UIntPtr rowStride, UIntPtr sliceStride, ref FillOptions options);
        [DllImport(Library)] internal static extern int gradnoise_graph_evaluate_gradient_2d(GraphHandle graph, float* x, float* y, ref GradientOut output, UIntPtr count);
        [DllImport(Library)] internal static extern int gradnoise_graph_evaluate_gradient_3d(GraphHandle graph, float* x, float* y, float* z, ref GradientOut output, UIntPtr count);

        /// <summary>A NUL-terminated UTF-8 string the library owns, as a string.</summary>
        internal static string Text(IntPtr utf8)
        {
            if (utf8 == IntPtr.Zero) return null;
            int n = 0;
            byte* p = (byte*)utf8;
            while (p[n] != 0) ++n;
            return System.Text.Encoding.UTF8.GetString(p, n);
        }

        /// <summary>A string as NUL-terminated UTF-8, for a call.</summary>
        internal static byte[] Utf8(string s)
        {
            byte[] bytes = new byte[System.Text.Encoding.UTF8.GetByteCount(s) + 1];
            System.Text.Encoding.UTF8.GetBytes(s, 0, s.Length, bytes, 0);
            return bytes;
        }

        /// <summary>Throws GradnoiseException with the calling thread's last message when status is not 0.</summary>
        internal static void Check(int status)
        {
            if (status != 0) throw new GradnoiseException((Status)status, Text(gradnoise_last_error_message()));
        }
    }
}
