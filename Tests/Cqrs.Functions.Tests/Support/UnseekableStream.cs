namespace Cqrs.Functions.Tests.Support;

/// <summary>A body whose length HttpClient cannot know, so it is sent chunked, without Content-Length.</summary>
public sealed class UnseekableStream(byte[] bytes) : MemoryStream(bytes)
{
    public override bool CanSeek => false;
}
