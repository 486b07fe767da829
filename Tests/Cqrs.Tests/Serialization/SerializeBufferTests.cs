using Cqrs.Serialization;
using Cqrs.Testing.Domain.Orders;
using Cqrs.Tests.Support;

namespace Cqrs.Tests.Serialization;

/// <summary>A thread's serialize buffer does not keep the size of the largest message it ever wrote.</summary>
public sealed class SerializeBufferTests
{
    [Fact]
    public void ToBytes_AfterAMessageOverTheBound_KeepsNoBufferOverIt()
    {
        using var provider = TestHost.Create();
        var small = SampleOrders.Valid();
        var large = small with { Customer = new string('x', 4 * MessagePackCodecExtensions.MaxRetainedBufferBytes) };

        Payloads.Of(provider, small);
        Assert.InRange(MessagePackCodecExtensions.RetainedBufferBytes, 1, MessagePackCodecExtensions.MaxRetainedBufferBytes);
        var largeBytes = Payloads.Of(provider, large);
        var afterLarge = MessagePackCodecExtensions.RetainedBufferBytes;
        Payloads.Of(provider, small);

        Assert.True(largeBytes.Length > 4 * MessagePackCodecExtensions.MaxRetainedBufferBytes);
        Assert.InRange(afterLarge, 0, MessagePackCodecExtensions.MaxRetainedBufferBytes);
        Assert.InRange(MessagePackCodecExtensions.RetainedBufferBytes, 1, MessagePackCodecExtensions.MaxRetainedBufferBytes);
    }
}
