using Cqrs.Tests.Shared;
using Cqrs.Transports;

namespace Cqrs.Tests.Transports;

/// <summary>
/// The ids of the copies the pipeline makes of a received message (<see cref="TransportMessage.TransportId"/>): the
/// published layout, the same copy made again under the same id, and different copies, and the message, never sharing one.
/// </summary>
public sealed class MessageCopyIdsTests
{
    private const string Handler = "Shop.NotifyCustomerHandler";

    private static readonly TransportMessage Received = new()
    {
        MessageId = Guid.CreateVersion7(),
        CorrelationId = Guid.CreateVersion7(),
        WireName = "shop.v1.order-placed",
    };

    /// <summary>The layout the README gives (<see cref="NameBasedIds.CopyOf"/>, with the platform's SHA-1), so a tool of the user's can compute a copy's id too.</summary>
    [Fact]
    public void Copies_OfAReceivedMessage_TakeTheIdsOfThePublishedLayout()
    {
        var retried = Received.ForRetry(Handler, targetHandler: null);

        Assert.Equal(NameBasedIds.CopyOf(1, Received.MessageId, 1, Handler), retried.TransportId);
        Assert.Equal(NameBasedIds.CopyOf(1, Received.MessageId, 2, "Gästebuch.Signiert"), retried.ForRetry("Gästebuch.Signiert", "Gästebuch.Signiert").TransportId);
        Assert.Equal(NameBasedIds.CopyOf(2, Received.MessageId, 0, Handler), Received.ForHandler(Handler).TransportId);
        Assert.Equal(NameBasedIds.CopyOf(3, Received.MessageId, 1, Handler), Received.ForDeadLetter(Handler).TransportId);
        Assert.Equal(5, retried.TransportId.Version);
    }

    [Fact]
    public void Copies_OfAReceivedMessage_KeepItsIdAndTravelUnderIdsOfTheirOwn()
    {
        TransportMessage[] copies =
        [
            Received.ForRetry(Handler, targetHandler: null),
            Received.ForRetry("Shop.BillCustomerHandler", "Shop.BillCustomerHandler"),
            Received.ForRetry(Handler, targetHandler: null).ForRetry(Handler, targetHandler: null),
            Received.ForHandler(Handler),
            Received.ForHandler("Shop.BillCustomerHandler"),
            Received.ForDeadLetter(Handler),
        ];

        Assert.Equal(Received.MessageId, Received.TransportId);
        Assert.All(copies, copy => Assert.Equal(Received.MessageId, copy.MessageId));
        Assert.Equal(copies.Length + 1, copies.Select(copy => copy.TransportId).Append(Received.TransportId).Distinct().Count());
    }

    /// <summary>A delivery handled again (a crash, a lost lock) makes its copies again under the ids they had, which a broker's duplicate detection drops.</summary>
    [Fact]
    public void Copies_MadeAgainOfTheSameDelivery_TakeTheSameIds()
    {
        var again = new TransportMessage { MessageId = Received.MessageId, CorrelationId = Received.CorrelationId, WireName = Received.WireName, DeliveryCount = 2 };

        Assert.Equal(Received.ForRetry(Handler, null).TransportId, again.ForRetry(Handler, null).TransportId);
        Assert.Equal(Received.ForHandler(Handler).TransportId, again.ForHandler(Handler).TransportId);
        Assert.Equal(Received.ForDeadLetter(Handler).TransportId, again.ForDeadLetter(Handler).TransportId);
    }
}
