namespace Cqrs.EventSourcing;

/// <summary>
/// Declares, on a saga, which member of <see cref="MessageType"/> holds the saga's id, for a message that cannot or
/// should not carry <see cref="SagaIdAttribute"/>: one from another team's contracts, or one that two sagas correlate
/// by different members. <c>[SagaCorrelation(typeof(OrderPlaced), nameof(OrderPlaced.OrderId))]</c>. For this saga it
/// wins over the message's <see cref="SagaIdAttribute"/>. The generator reads it at compile time: the message must be
/// one the saga handles (CQRS015), the member a readable instance property or field of it (CQRS016), of any type (the id
/// is its invariant-culture text, as with <see cref="SagaIdAttribute"/>), and one correlation per message (CQRS017).
/// </summary>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct, AllowMultiple = true, Inherited = false)]
public sealed class SagaCorrelationAttribute : Attribute
{
    /// <summary>Correlates <paramref name="messageType"/> to the saga by its member <paramref name="member"/>.</summary>
    /// <param name="messageType">A message the saga is started by, handles or times out on.</param>
    /// <param name="member">The name of the member holding the saga's id; write it with <c>nameof</c>.</param>
    public SagaCorrelationAttribute(Type messageType, string member)
    {
        MessageType = messageType;
        Member = member;
    }

    /// <summary>The message correlated.</summary>
    public Type MessageType { get; }

    /// <summary>The name of its member holding the saga's id.</summary>
    public string Member { get; }
}
