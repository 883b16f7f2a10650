// The library itself: its version, the instruction set its calls run on, and its parameter table (what an
// editor or a settings panel builds itself from: every parameter's name, kind, range, default and help).
using System;
using System.Collections.Generic;

namespace Gradnoise
{
    /// <summary>One parameter of the library's table (gradnoise_parameter).</summary>
    public sealed class ParameterDescription
    {
        public string Name { get; internal set; }
        /// <summary>"choice", "integer", "number" or "seed".</summary>
        public string Kind { get; internal set; }
        /// <summary>The range (integer and number); a choice: 0 and Choices.Length - 1.</summary>
        public double Low { get; internal set; }
        public double High { get; internal set; }
        public string Allowed { get; internal set; }
        public string Default { get; internal set; }
        public string Help { get; internal set; }
        /// <summary>What the field needs for it to take effect, or null: always.</summary>
        public string Needs { get; internal set; }
        /// <summary>A choice's names, in their values' order; empty otherwise.</summary>
        public string[] Choices { get; internal set; }
    }

    public static class Library
    {
        /// <summary>The native library's version, "MAJOR.MINOR.PATCH".</summary>
        public static string Version { get { return Native.Text(Native.gradnoise_version_string()); } }

        /// <summary>The instruction set evaluations use ("avx2", "neon", "scalar", ...): only speed depends on it.</summary>
        public static string Isa { get { return Native.Text(Native.gradnoise_isa_name(Native.gradnoise_active_isa())); } }

        /// <summary>Every parameter of the running library's table, in its order.</summary>
        public static IList<ParameterDescription> Parameters()
        {
            string[] kinds = { "choice", "integer", "number", "seed" };
            var list = new List<ParameterDescription>();
            ulong count = (ulong)Native.gradnoise_parameter_count();
            for (ulong i = 0; i < count; ++i)
            {
                Native.ParameterInfo info;
                Native.Check(Native.gradnoise_parameter((UIntPtr)i, out info));
                var choices = new string[(int)(ulong)info.ChoiceCount];
                for (int c = 0; c < choices.Length; ++c)
                {
                    IntPtr name, help;
                    Native.Check(Native.gradnoise_parameter_choice((UIntPtr)i, (UIntPtr)c, out name, out help));
                    choices[c] = Native.Text(name);
                }
                list.Add(new ParameterDescription
                {
                    Name = Native.Text(info.Name), Kind = info.Kind >= 0 && info.Kind < kinds.Length ? kinds[info.Kind] : "unknown",
                    Low = info.Lo, High = info.Hi, Allowed = Native.Text(info.Allowed), Default = Native.Text(info.DefaultText),
                    Help = Native.Text(info.Help), Needs = Native.Text(info.Needs), Choices = choices
                });
            }
            return list;
        }
    }
}
