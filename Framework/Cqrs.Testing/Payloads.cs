using Cqrs.Generated;
using Cqrs.Serialization;
using Cqrs.Testing.Domain.Counting;
using Cqrs.Testing.Domain.Orders;
using Cqrs.Testing.Domain.Screening;

namespace Cqrs.Testing;

/// <summary>Bodies as the pipeline writes them, through the generated codecs, unvalidated: for raw messages put on a transport.</summary>
internal static class Payloads
{
    public static byte[] Of(SubmitOrder order) => Cqrs_Testing_Domain_Orders_SubmitOrderCodec.Instance.ToBytes(order);

    public static byte[] Of(Ping ping) => Cqrs_Testing_Domain_Counting_PingCodec.Instance.ToBytes(ping);

    public static byte[] Of(Enrol enrol) => Cqrs_Testing_Domain_Screening_EnrolCodec.Instance.ToBytes(enrol);
}
