// The binding's own argument checks, before any native call: lengths, sizes and thread counts, refused with
// the parameter's name (the library checks the rest and names it in its own message).
using System;

namespace Gradnoise
{
    internal static class Checks
    {
        /// <summary>Coordinate arrays of one length and an output at least as long: that length.</summary>
        internal static int Points(Array output, params Array[] coordinates)
        {
            string[] names = { "x", "y", "z", "w" };
            for (int i = 0; i < coordinates.Length; ++i)
            {
                if (coordinates[i] == null) throw new ArgumentNullException(names[i]);
                if (coordinates[i].Length != coordinates[0].Length)
                {
                    throw new ArgumentException(names[i] + " has " + coordinates[i].Length + " coordinates, x " + coordinates[0].Length +
                                                ": the arrays must have one length", names[i]);
                }
            }
            Output(output, coordinates[0].Length, "output");
            return coordinates[0].Length;
        }

        internal static void Output(Array output, long count, string name)
        {
            if (output == null) throw new ArgumentNullException(name);
            Output(output.Length, count, name);
        }

        internal static void Output(long length, long count, string name)
        {
            if (length < count) throw new ArgumentException(name + " holds " + length + " floats; the call writes " + count, name);
        }

        internal static UIntPtr Side(int size, string name)
        {
            if (size < 0) throw new ArgumentOutOfRangeException(name, size, name + " must be at least 0");
            return (UIntPtr)(uint)size;
        }

        internal static Native.Grid2DC Form(Grid2D g)
        {
            return new Native.Grid2DC
            {
                OriginX = g.OriginX, OriginY = g.OriginY, StepX = g.StepX, StepY = g.StepY,
                SizeX = Side(g.Width, "Width"), SizeY = Side(g.Height, "Height")
            };
        }

        internal static Native.Grid3DC Form(Grid3D g)
        {
            return new Native.Grid3DC
            {
                OriginX = g.OriginX, OriginY = g.OriginY, OriginZ = g.OriginZ, StepX = g.StepX, StepY = g.StepY,
                StepZ = g.StepZ, SizeX = Side(g.Width, "Width"), SizeY = Side(g.Height, "Height"), SizeZ = Side(g.Depth, "Depth")
            };
        }

        internal static Native.Chunk2DC Form(Chunk2D c)
        {
            return new Native.Chunk2DC
            {
                FirstX = c.FirstX, FirstY = c.FirstY, SizeX = Side(c.Width, "Width"), SizeY = Side(c.Height, "Height"),
                Spacing = c.Spacing, Level = c.Level
            };
        }

        internal static Native.Chunk3DC Form(Chunk3D c)
        {
            return new Native.Chunk3DC
            {
                FirstX = c.FirstX, FirstY = c.FirstY, FirstZ = c.FirstZ, SizeX = Side(c.Width, "Width"),
                SizeY = Side(c.Height, "Height"), SizeZ = Side(c.Depth, "Depth"), Spacing = c.Spacing, Level = c.Level
            };
        }

        /// <summary>1: the calling thread; 0: every core; N: up to N threads.</summary>
        internal static Native.FillOptions Threads(int threads)
        {
            if (threads < 0 || threads > 1024) throw new ArgumentOutOfRangeException("threads", threads, "threads must be in 0..1024 (0: every core)");
            return new Native.FillOptions { Threads = threads == 0 ? 0xFFFFFFFFu : (uint)threads };
        }
    }
}
