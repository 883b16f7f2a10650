// What a failed call throws: the library's own message, which names the parameter and its range.
using System;

namespace Gradnoise
{
    /// <summary>The C API's status codes (gradnoise_status).</summary>
    public enum Status
    {
        Ok = 0,
        NullPointer = 1,
        InvalidArgument = 2,
        SizeOverflow = 3,
        IsaUnsupported = 4,
        Cancelled = 5,
        ThreadPool = 6,
        OutOfMemory = 7,
    }

    /// <summary>A refusal by the library: Message is its text ("octaves must be an integer in 1..32").</summary>
    public sealed class GradnoiseException : Exception
    {
        public GradnoiseException(Status status, string message) : base(message) { Status = status; }

        /// <summary>The C API's status code.</summary>
        public Status Status { get; private set; }
    }
}
