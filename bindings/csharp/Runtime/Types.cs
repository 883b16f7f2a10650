// The value types Field and Graph take: grids and chunks (docs/spec.md sections 6 and 13).
namespace Gradnoise
{
    /// <summary>A 2D grid: sample (i, j) at (OriginX + i * StepX, OriginY + j * StepY), row-major, Width * Height floats.</summary>
    public struct Grid2D
    {
        public float OriginX, OriginY, StepX, StepY;
        public int Width, Height;

        public Grid2D(float originX, float originY, float step, int width, int height)
        {
            OriginX = originX; OriginY = originY; StepX = step; StepY = step; Width = width; Height = height;
        }

        internal long Count { get { return (long)Width * Height; } }
    }

    /// <summary>A 3D grid: sample (i, j, k) at origin + (i, j, k) * step, x fastest, Width * Height * Depth floats.</summary>
    public struct Grid3D
    {
        public float OriginX, OriginY, OriginZ, StepX, StepY, StepZ;
        public int Width, Height, Depth;

        public Grid3D(float originX, float originY, float originZ, float step, int width, int height, int depth)
        {
            OriginX = originX; OriginY = originY; OriginZ = originZ; StepX = step; StepY = step; StepZ = step;
            Width = width; Height = height; Depth = depth;
        }

        internal long Count { get { return (long)Width * Height * Depth; } }
    }

    /// <summary>A chunk of an unbounded world: world sample (sx, sy) lies at (sx * Spacing, sy * Spacing), reduced
    /// exactly, so chunks of one world join bit for bit however far out. Level L: samples 2^L apart (a LOD pyramid).</summary>
    public struct Chunk2D
    {
        public long FirstX, FirstY;
        public int Width, Height;
        public float Spacing;
        public int Level;

        public Chunk2D(long firstX, long firstY, int width, int height, float spacing, int level = 0)
        {
            FirstX = firstX; FirstY = firstY; Width = width; Height = height; Spacing = spacing; Level = level;
        }

        internal long Count { get { return (long)Width * Height; } }
    }

    /// <summary>A 3D chunk (see Chunk2D).</summary>
    public struct Chunk3D
    {
        public long FirstX, FirstY, FirstZ;
        public int Width, Height, Depth;
        public float Spacing;
        public int Level;

        public Chunk3D(long firstX, long firstY, long firstZ, int width, int height, int depth, float spacing, int level = 0)
        {
            FirstX = firstX; FirstY = firstY; FirstZ = firstZ; Width = width; Height = height; Depth = depth;
            Spacing = spacing; Level = level;
        }

        internal long Count { get { return (long)Width * Height * Depth; } }
    }
}
