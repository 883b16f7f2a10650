// The library itself: its version and the instruction set its calls run on.
namespace Gradnoise
{
    public static class Library
    {
        /// <summary>The native library's version, "MAJOR.MINOR.PATCH".</summary>
        public static string Version { get { return Native.Text(Native.gradnoise_version_string()); } }

        /// <summary>The instruction set evaluations use ("avx2", "neon", "scalar", ...): only speed depends on it.</summary>
        public static string Isa { get { return Native.Text(Native.gradnoise_isa_name(Native.gradnoise_active_isa())); } }
    }
}
