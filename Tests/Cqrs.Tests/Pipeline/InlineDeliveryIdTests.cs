using Cqrs.Pipeline;

namespace Cqrs.Tests.Pipeline;

/// <summary>
/// A message handled in line holds the parts of its stable id, not the id, until something reads it: then it is the
/// id its position gives, as computed at once; and a delivery handed out again does not keep the id it computed.
/// </summary>
public sealed class InlineDeliveryIdTests
{
    private static readonly DateTimeOffset SentAt = new(2026, 1, 2, 3, 4, 5, TimeSpan.Zero);

    [Fact]
    public void MessageId_OfAHandlersSendReadAfterItsStamp_IsTheIdItsPositionGives()
    {
        var sends = new HandlerSends("Tests.SendingHandler");
        var position = SendPosition.FirstOf(sends, emitter: null!).Next.Next;
        var handled = Guid.NewGuid();
        var delivery = InlineDelivery.Rent(position.First, "tests.v1.sent", new object(), MessageStamp.Stable(position, handled, SentAt), Guid.NewGuid(), cause: null, trace: null);

        var expected = StableMessageIds.Of(sends.Namespace, handled, 2);
        Assert.Equal(expected, delivery.MessageId);
        Assert.Equal(expected, delivery.MessageId);
        Assert.Equal(expected, delivery.Delivery.MessageId);
        delivery.Return();
    }

    [Fact]
    public void MessageId_OfADeliveryHandedOutAgainAfterItsIdWasRead_IsTheNewMessagesId()
    {
        var sends = new HandlerSends("Tests.SendingHandler");
        var position = SendPosition.FirstOf(sends, emitter: null!);
        var first = InlineDelivery.Rent(position, "tests.v1.sent", new object(), MessageStamp.Stable(position, Guid.NewGuid(), SentAt), Guid.NewGuid(), cause: null, trace: null);
        _ = first.MessageId;
        first.Return();
        var handled = Guid.NewGuid();
        var again = InlineDelivery.Rent(position, "tests.v1.sent", new object(), MessageStamp.Stable(position, handled, SentAt), Guid.NewGuid(), cause: null, trace: null);
        var random = new MessageStamp(Guid.NewGuid(), SentAt);

        Assert.Same(first, again);
        Assert.Equal(StableMessageIds.Of(sends.Namespace, handled, 0), again.MessageId);
        again.Return();
        var third = InlineDelivery.Rent(position, "tests.v1.sent", new object(), random, Guid.NewGuid(), cause: null, trace: null);
        Assert.Equal(random.MessageId, third.MessageId);
        third.Return();
    }
}
