using Cqrs.Transports;

namespace Cqrs.Tests.Transports;

/// <summary>
/// The headers only a copy of a received message carries (its own id, its retry count, its handler), read as a
/// transport that leaves the process sets them, in whatever order, and as the pipeline's copies carry them; and the
/// depth of nesting, kept small, still telling a message past the in-line limit.
/// </summary>
public sealed class TransportMessageTests
{
    private const string Handler = "Shop.NotifyCustomerHandler";

    private static readonly Guid MessageId = Guid.CreateVersion7();
    private static readonly Guid CopyId = Guid.CreateVersion7();

    [Fact]
    public void CopyHeaders_SetByATransportInEitherOrder_ReadBackAsSet()
    {
        var idFirst = new TransportMessage { MessageId = MessageId, CorrelationId = MessageId, WireName = "shop.v1.order-placed", TransportId = CopyId, RetryCount = 2, TargetHandler = Handler };
        var idLast = new TransportMessage { TargetHandler = Handler, RetryCount = 2, TransportId = CopyId, MessageId = MessageId, CorrelationId = MessageId, WireName = "shop.v1.order-placed" };

        Assert.All([idFirst, idLast], message => Assert.Equal((CopyId, 2, Handler), (message.TransportId, message.RetryCount, message.TargetHandler)));
    }

    [Fact]
    public void TransportId_LeftUnsetOrSetToTheMessageId_IsTheMessageId()
    {
        var unset = new TransportMessage { MessageId = MessageId, CorrelationId = MessageId, WireName = "shop.v1.order-placed", RetryCount = 1 };
        var setBefore = new TransportMessage { TransportId = MessageId, MessageId = MessageId, CorrelationId = MessageId, WireName = "shop.v1.order-placed" };
        var setAfter = new TransportMessage { MessageId = MessageId, TransportId = MessageId, CorrelationId = MessageId, WireName = "shop.v1.order-placed", TargetHandler = Handler };

        Assert.All([unset, setBefore, setAfter], message => Assert.Equal(MessageId, message.TransportId));
        Assert.Equal((1, null), (unset.RetryCount, unset.TargetHandler));
        Assert.Equal((0, Handler), (setAfter.RetryCount, setAfter.TargetHandler));
    }

    [Fact]
    public void Copies_OfAReceivedMessage_CarryTheirRetryCountAndHandler()
    {
        var received = new TransportMessage { MessageId = MessageId, CorrelationId = MessageId, WireName = "shop.v1.order-placed", RetryCount = 1 };

        var retried = received.ForRetry(Handler, targetHandler: null);
        var aimed = retried.ForRetry(Handler, Handler);
        var forHandler = aimed.ForHandler("Shop.BillCustomerHandler");
        var deadLettered = received.ForDeadLetter(Handler);
        var handledElsewhere = received.ForHandler(Handler);

        Assert.Equal((2, null), (retried.RetryCount, retried.TargetHandler));
        Assert.Equal((3, Handler), (aimed.RetryCount, aimed.TargetHandler));
        Assert.Equal((3, "Shop.BillCustomerHandler"), (forHandler.RetryCount, forHandler.TargetHandler));
        Assert.Equal((2, Handler), (deadLettered.RetryCount, deadLettered.TargetHandler));
        Assert.Equal((1, Handler), (handledElsewhere.RetryCount, handledElsewhere.TargetHandler));
    }

    [Theory]
    [InlineData(TransportMessage.MaxInlineDepth + 1)]
    [InlineData(byte.MaxValue + 1)]
    [InlineData(byte.MaxValue + TransportMessage.MaxInlineDepth)]
    public void InlineDepth_PastTheInLineLimit_StaysPastIt(int depth)
    {
        var message = new TransportMessage { MessageId = MessageId, CorrelationId = MessageId, WireName = "shop.v1.order-placed", InlineDepth = depth };

        Assert.True(message.InlineDepth > TransportMessage.MaxInlineDepth);
    }
}
