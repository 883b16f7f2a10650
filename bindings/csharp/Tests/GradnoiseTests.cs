// The C# binding under Mono and NUnit (scripts/test-bindings.sh): the conformance vectors bit for bit, the
// typed options against the by-name settings, the enumerations against the library's own table, refusals
// with the library's messages, many threads on one field, and disposal.
// Environment: GRADNOISE_VECTORS (conformance/vectors.txt), GRADNOISE_GRAPH (a graph file).
using System;
using System.Collections.Generic;
using System.IO;
using System.Threading;
using Gradnoise;
using NUnit.Framework;

namespace Gradnoise.Tests
{
    [TestFixture]
    public class GradnoiseTests
    {
        private sealed class VectorField
        {
            public string Head;
            public List<KeyValuePair<string, string>> Settings = new List<KeyValuePair<string, string>>();
            public Dictionary<string, List<string[]>> Samples = new Dictionary<string, List<string[]>>();
        }

        private static List<VectorField> ReadVectors()
        {
            string path = Environment.GetEnvironmentVariable("GRADNOISE_VECTORS");
            Assert.IsNotNull(path, "set GRADNOISE_VECTORS to conformance/vectors.txt");
            var fields = new List<VectorField>();
            foreach (string line in File.ReadAllLines(path))
            {
                if (line.Length == 0 || line[0] == '#') continue;
                string[] t = line.Split(' ');
                if (t[0] == "field")
                {
                    var f = new VectorField { Head = line };
                    for (int i = 1; i < t.Length; ++i)
                    {
                        int eq = t[i].IndexOf('=');
                        f.Settings.Add(new KeyValuePair<string, string>(t[i].Substring(0, eq), t[i].Substring(eq + 1)));
                    }
                    fields.Add(f);
                    continue;
                }
                VectorField last = fields[fields.Count - 1];
                if (!last.Samples.ContainsKey(t[0])) last.Samples[t[0]] = new List<string[]>();
                string[] tokens = new string[t.Length - 1];
                Array.Copy(t, 1, tokens, 0, tokens.Length);
                last.Samples[t[0]].Add(tokens);
            }
            return fields;
        }

        // Hex bits -> floats holding exactly them (no arithmetic: NaN payloads kept), and back.
        private static float[] Floats(List<string[]> lines, int column)
        {
            var bits = new uint[lines.Count];
            for (int i = 0; i < lines.Count; ++i) bits[i] = Convert.ToUInt32(lines[i][column], 16);
            var f = new float[lines.Count];
            Buffer.BlockCopy(bits, 0, f, 0, bits.Length * 4);
            return f;
        }

        private static double[] Doubles(List<string[]> lines, int column)
        {
            var bits = new ulong[lines.Count];
            for (int i = 0; i < lines.Count; ++i) bits[i] = Convert.ToUInt64(lines[i][column], 16);
            var d = new double[lines.Count];
            Buffer.BlockCopy(bits, 0, d, 0, bits.Length * 8);
            return d;
        }

        private static void SameBits(Array expected, Array got, string what)
        {
            int size = expected is double[] ? 8 : 4;
            var a = new byte[expected.Length * size];
            var b = new byte[got.Length * size];
            Buffer.BlockCopy(expected, 0, a, 0, a.Length);
            Buffer.BlockCopy(got, 0, b, 0, b.Length);
            for (int i = 0; i < a.Length; ++i)
            {
                if (a[i] != b[i]) Assert.Fail(what + ": sample " + (i / size) + " differs in its bits");
            }
        }

        [Test]
        public void EveryConformanceVectorBitForBit()
        {
            List<VectorField> fields = ReadVectors();
            Assert.GreaterOrEqual(fields.Count, 30);
            int samples = 0;
            foreach (VectorField f in fields)
            {
                using (var field = new Field(f.Settings))
                {
                    foreach (KeyValuePair<string, List<string[]>> kind in f.Samples)
                    {
                        List<string[]> l = kind.Value;
                        int dims = kind.Key[kind.Key.Length - 1] - '0';
                        string what = f.Head + ": " + kind.Key;
                        if (kind.Key.StartsWith("value"))
                        {
                            var o = new float[l.Count];
                            if (dims == 2) field.Evaluate(Floats(l, 0), Floats(l, 1), o);
                            else if (dims == 3) field.Evaluate(Floats(l, 0), Floats(l, 1), Floats(l, 2), o);
                            else field.Evaluate(Floats(l, 0), Floats(l, 1), Floats(l, 2), Floats(l, 3), o);
                            SameBits(Floats(l, dims), o, what);
                        }
                        else if (kind.Key.StartsWith("gradient"))
                        {
                            var g = new float[5][];
                            for (int k = 0; k < 5; ++k) g[k] = new float[l.Count];
                            if (dims == 2) field.Gradient(Floats(l, 0), Floats(l, 1), g[0], g[1], g[2]);
                            else if (dims == 3) field.Gradient(Floats(l, 0), Floats(l, 1), Floats(l, 2), g[0], g[1], g[2], g[3]);
                            else field.Gradient(Floats(l, 0), Floats(l, 1), Floats(l, 2), Floats(l, 3), g[0], g[1], g[2], g[3], g[4]);
                            for (int k = 0; k <= dims; ++k) SameBits(Floats(l, dims + k), g[k], what + " output " + k);
                        }
                        else if (kind.Key.StartsWith("chunk"))
                        {
                            var got = new float[l.Count];
                            var one = new float[1];
                            for (int i = 0; i < l.Count; ++i)
                            {
                                string[] t = l[i];
                                float spacing = Floats(l, dims)[i];
                                int level = int.Parse(t[dims + 1]);
                                if (dims == 2) field.Chunk(new Chunk2D(long.Parse(t[0]), long.Parse(t[1]), 1, 1, spacing, level), one);
                                else field.Chunk(new Chunk3D(long.Parse(t[0]), long.Parse(t[1]), long.Parse(t[2]), 1, 1, 1, spacing, level), one);
                                got[i] = one[0];
                            }
                            SameBits(Floats(l, dims + 2), got, what);
                        }
                        else if (kind.Key.StartsWith("double"))
                        {
                            var o = new double[l.Count];
                            if (dims == 2) field.Evaluate(Doubles(l, 0), Doubles(l, 1), o);
                            else field.Evaluate(Doubles(l, 0), Doubles(l, 1), Doubles(l, 2), o);
                            SameBits(Doubles(l, dims), o, what);
                        }
                        else
                        {
                            Assert.Fail("unknown line kind " + kind.Key);
                        }
                        samples += l.Count;
                    }
                }
            }
            Assert.Greater(samples, 4000);
            Console.WriteLine("C# ({0}, {1}): {2} fields, {3} samples bit for bit", Library.Version, Library.Isa, fields.Count, samples);
        }

        [Test]
        public void TypedOptionsAreTheSettingsByName()
        {
            var typed = new FieldOptions
            {
                Basis = Basis.Cellular, Seed = 2, CellularDistance = CellularDistance.Manhattan,
                CellularOutput = CellularOutput.F2MinusF1, Jitter = 0.5f
            };
            var named = new List<KeyValuePair<string, string>>
            {
                new KeyValuePair<string, string>("basis", "cellular"), new KeyValuePair<string, string>("seed", "2"),
                new KeyValuePair<string, string>("cellular_distance", "manhattan"),
                new KeyValuePair<string, string>("cellular_output", "f2_minus_f1"), new KeyValuePair<string, string>("jitter", "0.5"),
            };
            var grid = new Grid2D(-3.5f, 1.25f, 0.173f, 37, 21);
            float[] a = new float[37 * 21], b = new float[37 * 21];
            using (var f = new Field(typed)) f.Grid(grid, a);
            using (var f = new Field(named)) f.Grid(grid, b, threads: 0);
            SameBits(a, b, "FieldOptions and the same settings by name");
            using (var f = new Field(new FieldOptions { Fractal = Fractal.Fbm, Octaves = 5, Frequency = 0.7f, Seed = 42 }))
            {
                Assert.AreEqual("fbm", f.Parameter("fractal"));
                Assert.AreEqual("5", f.Parameter("octaves"));
                Assert.AreEqual("0.7", f.Parameter("frequency"));
                Assert.AreEqual("42", f.Parameter("seed"));
                Assert.AreEqual("0.5", f.Parameter("persistence"));  // the default
            }
        }

        [Test]
        public void EnumerationsAreTheLibrarysTable()
        {
            // Every generated enumeration -- its names (Names.*), values and count -- against the running library's
            // table (the file is generated from it; this catches a library and a binding of different versions).
            var generated = new Dictionary<string, KeyValuePair<Type, string[]>>
            {
                { "basis", new KeyValuePair<Type, string[]>(typeof(Basis), Names.Basis) },
                { "fade", new KeyValuePair<Type, string[]>(typeof(Fade), Names.Fade) },
                { "hash", new KeyValuePair<Type, string[]>(typeof(Hash), Names.Hash) },
                { "fractal", new KeyValuePair<Type, string[]>(typeof(Fractal), Names.Fractal) },
                { "pattern", new KeyValuePair<Type, string[]>(typeof(Pattern), Names.Pattern) },
                { "orientation2", new KeyValuePair<Type, string[]>(typeof(Orientation2), Names.Orientation2) },
                { "orientation3", new KeyValuePair<Type, string[]>(typeof(Orientation3), Names.Orientation3) },
                { "orientation4", new KeyValuePair<Type, string[]>(typeof(Orientation4), Names.Orientation4) },
                { "cellular_distance", new KeyValuePair<Type, string[]>(typeof(CellularDistance), Names.CellularDistance) },
                { "cellular_output", new KeyValuePair<Type, string[]>(typeof(CellularOutput), Names.CellularOutput) },
            };
            int choices = 0, members = 0;
            foreach (ParameterDescription p in Library.Parameters())
            {
                Assert.IsNotNull(typeof(FieldOptions).GetProperty(Pascal(p.Name)), "FieldOptions has no " + p.Name);
                ++members;
                if (p.Kind != "choice") continue;
                Assert.IsTrue(generated.ContainsKey(p.Name), "no enumeration for " + p.Name);
                KeyValuePair<Type, string[]> e = generated[p.Name];
                CollectionAssert.AreEqual(p.Choices, e.Value, p.Name);
                Array values = Enum.GetValues(e.Key);
                Assert.AreEqual(p.Choices.Length, values.Length, p.Name);
                for (int c = 0; c < p.Choices.Length; ++c)
                {
                    Assert.AreEqual(c, (int)values.GetValue(c), p.Name);
                    Assert.AreEqual(Pascal(p.Choices[c]), values.GetValue(c).ToString(), p.Name);
                }
                ++choices;
            }
            Assert.AreEqual(generated.Count, choices);
            Assert.AreEqual(typeof(FieldOptions).GetProperties().Length, members);
            using (var defaults = new Field())
            {
                foreach (ParameterDescription p in Library.Parameters()) Assert.AreEqual(p.Default, defaults.Parameter(p.Name), p.Name);
            }
        }

        private static string Pascal(string snake)
        {
            var s = new System.Text.StringBuilder();
            bool upper = true;
            foreach (char ch in snake)
            {
                if (ch == '_') { upper = true; continue; }
                s.Append(upper ? char.ToUpperInvariant(ch) : ch);
                upper = false;
            }
            return s.ToString();
        }

        [Test]
        public void RefusalsCarryTheLibrarysMessage()
        {
            var e = Assert.Throws<GradnoiseException>(() => new Field(new FieldOptions { Fractal = Fractal.Fbm, Octaves = 40 }));
            StringAssert.Contains("octaves must be an integer in 1..32", e.Message);
            Assert.AreEqual(Status.InvalidArgument, e.Status);
            e = Assert.Throws<GradnoiseException>(() => new Field(new[] { new KeyValuePair<string, string>("octavez", "3") }));
            StringAssert.Contains("octavez", e.Message);
            e = Assert.Throws<GradnoiseException>(() => new Graph("{\"format\": \"gradnoise-graph\", \"version\": 1, \"nodes\": {}}"));
            Assert.IsNotEmpty(e.Message);
            using (var f = new Field())
            {
                var ae = Assert.Throws<ArgumentException>(() => f.Evaluate(new float[3], new float[2], new float[3]));
                Assert.AreEqual("y", ae.ParamName);
                ae = Assert.Throws<ArgumentException>(() => f.Grid(new Grid2D(0, 0, 1, 8, 8), new float[63]));
                Assert.AreEqual("output", ae.ParamName);
                Assert.Throws<ArgumentOutOfRangeException>(() => f.Grid(new Grid2D(0, 0, 1, -1, 8), new float[64]));
                Assert.Throws<ArgumentOutOfRangeException>(() => f.Grid(new Grid2D(0, 0, 1, 8, 8), new float[64], threads: -2));
                e = Assert.Throws<GradnoiseException>(() => f.Grid(new Grid2D(0, 0, float.NaN, 8, 8), new float[64]));
                StringAssert.Contains("step", e.Message);
            }
            using (var pattern = new Field(new FieldOptions { Pattern = Pattern.Marble }))
            {
                float[] v = new float[1], d = new float[1];
                e = Assert.Throws<GradnoiseException>(() => pattern.Gradient(new float[1], new float[1], v, d, d));
                Assert.AreEqual(Status.InvalidArgument, e.Status);
            }
        }

        [Test]
        public void AGraphFileGivesTheToolsValues()
        {
            string path = Environment.GetEnvironmentVariable("GRADNOISE_GRAPH");
            Assert.IsNotNull(path, "set GRADNOISE_GRAPH to examples/graphs/continent.json");
            using (var g = new Graph(File.ReadAllText(path)))
            {
                Assert.AreEqual(2, g.Dimensions);
                // Written back and read again: the same field.
                using (var again = new Graph(g.ToJson()))
                {
                    var grid = new Grid2D(-2, -1, 0.05f, 40, 30);
                    float[] a = new float[1200], b = new float[1200];
                    g.Grid(grid, a);
                    again.Grid(grid, b);
                    SameBits(a, b, "a graph and its canonical text");
                    float[] x = { 0.5f, -3.25f }, y = { 0.25f, 7.5f }, v = new float[2], dx = new float[2], dy = new float[2], p = new float[2];
                    g.Gradient(x, y, v, dx, dy);
                    g.Evaluate(x, y, p);
                    SameBits(p, v, "a graph's gradient call's values");
                    // Two overlapping chunks of its world agree where they overlap, bit for bit.
                    float[] left = new float[200], right = new float[200];
                    g.Chunk(new Chunk2D(1L << 40, -7, 20, 10, 0.05f), left);
                    g.Chunk(new Chunk2D((1L << 40) + 10, -7, 20, 10, 0.05f), right);
                    for (int row = 0; row < 10; ++row)
                    {
                        float[] l = new float[10], r = new float[10];
                        Array.Copy(left, row * 20 + 10, l, 0, 10);
                        Array.Copy(right, row * 20, r, 0, 10);
                        SameBits(l, r, "overlapping graph chunks");
                    }
                }
            }
        }

        [Test]
        public void ManyThreadsOnOneField()
        {
            using (var field = new Field(new FieldOptions { Basis = Basis.Opensimplex2s, Fractal = Fractal.Ridged, Octaves = 4, Seed = 9 }))
            {
                var grid = new Grid2D(10, -20, 0.031f, 64, 48);
                float[] expected = new float[64 * 48];
                field.Grid(grid, expected);
                var failures = new List<string>();
                var threads = new Thread[8];
                for (int t = 0; t < threads.Length; ++t)
                {
                    threads[t] = new Thread(() =>
                    {
                        float[] mine = new float[64 * 48];
                        for (int r = 0; r < 20; ++r)
                        {
                            field.Grid(grid, mine);
                            var a = new byte[mine.Length * 4];
                            var b = new byte[expected.Length * 4];
                            Buffer.BlockCopy(mine, 0, a, 0, a.Length);
                            Buffer.BlockCopy(expected, 0, b, 0, b.Length);
                            for (int i = 0; i < a.Length; ++i)
                            {
                                if (a[i] != b[i])
                                {
                                    lock (failures) failures.Add("a thread's grid differs in its bits at sample " + i / 4);
                                    break;
                                }
                            }
                        }
                    });
                    threads[t].Start();
                }
                foreach (Thread t in threads) t.Join();
                CollectionAssert.IsEmpty(failures);
            }
        }

        [Test]
        public void Disposal()
        {
            var field = new Field();
            float v = field.Evaluate(0.5f, 0.25f);
            Assert.AreNotEqual(0.0f, v);
            field.Dispose();
            field.Dispose();  // twice is harmless
            Assert.Throws<ObjectDisposedException>(() => field.Evaluate(0.5f, 0.25f));
            Assert.Throws<ObjectDisposedException>(() => field.Parameter("seed"));
            var graph = new Graph(File.ReadAllText(Environment.GetEnvironmentVariable("GRADNOISE_GRAPH")));
            graph.Dispose();
            Assert.Throws<ObjectDisposedException>(() => graph.ToJson());
            // Fields never disposed are freed by the runtime when collected.
            for (int i = 0; i < 200; ++i) new Field(new FieldOptions { Seed = (ulong)i }).Evaluate(1.5f, 2.5f);
            GC.Collect();
            GC.WaitForPendingFinalizers();
        }
    }
}
