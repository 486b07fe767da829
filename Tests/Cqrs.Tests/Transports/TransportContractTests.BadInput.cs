using Cqrs.Pipeline;
using Cqrs.Tests.Domain.Counting;
using Cqrs.Tests.Domain.Probes;
using Cqrs.Tests.Domain.Screening;
using Cqrs.Tests.Support;
using Cqrs.Transports;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Tests.Transports;

/// <summary>Bad input at receive: dead-lettered at once with its reason, never handled, never retried (DESIGN.md §6).</summary>
public abstract partial class TransportContractTests
{
    private const string SubmitOrderWireName = "tests.v1.submit-order";
    private const string EnrolWireName = "tests.v1.enrol";

    public enum MalformedPayload
    {
        Empty,
        Truncated,
        Garbage,
        NotAnArray,
        MapInsteadOfArray,
        WrongMemberTypes,
        TrailingBytes,
        NilForNonNullableString,
        NilForNonNullableCollection,
        MissingConstructorMembers,
    }

    [Fact]
    public async Task Receive_UnknownWireName_IsDeadLetteredAtOnce()
    {
        await using var provider = CreateProvider();
        var recorder = provider.GetRequiredService<Recorder>();
        var deadLetters = DeadLettersOf(provider);

        await InjectAsync(provider, "tests.v1.nobody-knows-me", Payloads.Of(provider, SampleOrders.Valid()));

        var letter = Assert.Single(await WaitForDeadLettersAsync(deadLetters));
        await provider.DisposeAsync();
        Assert.Equal(("tests.v1.nobody-knows-me", DeadLetterReasons.UnknownMessageType), (letter.WireName, letter.Reason));
        Assert.Contains("tests.v1.nobody-knows-me", letter.Description, StringComparison.Ordinal);
        Assert.Empty(recorder.Deliveries);
        Assert.Single(deadLetters());
    }

    [Theory]
    [InlineData(MalformedPayload.Empty)]
    [InlineData(MalformedPayload.Truncated)]
    [InlineData(MalformedPayload.Garbage)]
    [InlineData(MalformedPayload.NotAnArray)]
    [InlineData(MalformedPayload.MapInsteadOfArray)]
    [InlineData(MalformedPayload.WrongMemberTypes)]
    [InlineData(MalformedPayload.TrailingBytes)]
    [InlineData(MalformedPayload.NilForNonNullableString)]
    [InlineData(MalformedPayload.NilForNonNullableCollection)]
    [InlineData(MalformedPayload.MissingConstructorMembers)]
    public async Task Receive_MalformedPayload_IsDeadLetteredAtOnceWithoutHandling(MalformedPayload malformed)
    {
        await using var provider = CreateProvider();
        var recorder = provider.GetRequiredService<Recorder>();
        var deadLetters = DeadLettersOf(provider);
        var valid = Payloads.Of(provider, SampleOrders.Valid());
        byte[] body = malformed switch
        {
            MalformedPayload.Empty => [],
            MalformedPayload.Truncated => valid[..^3],
            MalformedPayload.Garbage => [0xC1, 0x00, 0xFF, 0x13],
            MalformedPayload.NotAnArray => [0xA5, .. "hello"u8],
            MalformedPayload.MapInsteadOfArray => [0x81, 0xA1, (byte)'a', 0x01],
            MalformedPayload.WrongMemberTypes => Payloads.Of(provider, new Ping(7)),
            MalformedPayload.TrailingBytes => [.. valid, 0xC0],
            MalformedPayload.NilForNonNullableString => Payloads.Of(provider, SampleOrders.Valid() with { Customer = null! }),
            MalformedPayload.NilForNonNullableCollection => Payloads.Of(provider, SampleOrders.Valid() with { Lines = null! }),

            // An array of the first two members only: an order id and a customer, then no lines, no address.
            MalformedPayload.MissingConstructorMembers => [0x92, 0xD9, 0x24, .. "00112233-4455-6677-8899-aabbccddeeff"u8, 0xA1, (byte)'x'],
            _ => throw new ArgumentOutOfRangeException(nameof(malformed)),
        };

        await InjectAsync(provider, SubmitOrderWireName, body);

        var letter = Assert.Single(await WaitForDeadLettersAsync(deadLetters));
        await provider.DisposeAsync();
        Assert.Equal((SubmitOrderWireName, DeadLetterReasons.DeserializationFailed), (letter.WireName, letter.Reason));
        Assert.False(string.IsNullOrWhiteSpace(letter.Description));
        Assert.Equal(body, letter.Body.ToArray());
        Assert.Empty(recorder.Deliveries);
        Assert.Single(deadLetters());
    }

    [Fact]
    public async Task Receive_PayloadOverMaxMessageBytes_IsDeadLetteredAtOnceWithoutHandling()
    {
        const int MaxMessageBytes = 256;
        await using var provider = CreateProvider(options => options.MaxMessageBytes = MaxMessageBytes);
        var recorder = provider.GetRequiredService<Recorder>();
        var deadLetters = DeadLettersOf(provider);

        // Valid in every other way: only its size is over the receiver's limit.
        var body = Payloads.Of(provider, SampleOrders.Valid() with { Customer = new string('x', MaxMessageBytes) });
        await InjectAsync(provider, SubmitOrderWireName, body);

        var letter = Assert.Single(await WaitForDeadLettersAsync(deadLetters));
        await provider.DisposeAsync();
        Assert.Equal((SubmitOrderWireName, DeadLetterReasons.DeserializationFailed), (letter.WireName, letter.Reason));
        Assert.Contains($"{MaxMessageBytes}-byte limit", letter.Description, StringComparison.Ordinal);
        Assert.Empty(recorder.Deliveries);
    }

    [Fact]
    public async Task Receive_PayloadFailingValidation_IsDeadLetteredAtOnceWithoutHandling()
    {
        await using var provider = CreateProvider();
        var recorder = provider.GetRequiredService<Recorder>();
        var deadLetters = DeadLettersOf(provider);

        await InjectAsync(provider, SubmitOrderWireName, Payloads.Of(provider, SampleOrders.Invalid()));

        var letter = Assert.Single(await WaitForDeadLettersAsync(deadLetters));
        await provider.DisposeAsync();
        Assert.Equal((SubmitOrderWireName, DeadLetterReasons.ValidationFailed), (letter.WireName, letter.Reason));
        Assert.All(["Customer", "Total", "Lines"], property => Assert.Contains(property, letter.Description, StringComparison.Ordinal));
        Assert.Empty(recorder.Deliveries);
        Assert.Single(deadLetters());
    }

    [Fact]
    public async Task Receive_PayloadFailingAnAsyncRule_IsDeadLetteredAtOnceWithoutHandling()
    {
        await using var provider = CreateProvider();
        var recorder = provider.GetRequiredService<Recorder>();
        var deadLetters = DeadLettersOf(provider);

        await InjectAsync(provider, EnrolWireName, Payloads.Of(provider, new Enrol("ada", 30)));

        var letter = Assert.Single(await WaitForDeadLettersAsync(deadLetters));
        await provider.DisposeAsync();
        Assert.Equal((EnrolWireName, DeadLetterReasons.ValidationFailed), (letter.WireName, letter.Reason));
        Assert.Contains(Roster.NotListed, letter.Description, StringComparison.Ordinal);
        Assert.Empty(recorder.Deliveries);
    }

    [Fact]
    public async Task Receive_PayloadPassingAnAsyncRule_IsHandled()
    {
        await using var provider = CreateProvider();
        var recorder = provider.GetRequiredService<Recorder>();

        await InjectAsync(provider, EnrolWireName, Payloads.Of(provider, new Enrol("Ada", 30)));

        var enrolled = Assert.Single(await recorder.WaitForAsync<EnrolledHandler>());
        Assert.Equal(new Enrolled("Ada"), enrolled.Message);
        Assert.Empty(DeadLettersOf(provider)());
    }

    /// <summary>
    /// Puts a message on the transport as a foreign sender would: headers and body as given, nothing validated.
    /// Goes through the internal transport, so it works for any; override to use a transport's own client.
    /// </summary>
    protected virtual async Task InjectAsync(IServiceProvider provider, string wireName, ReadOnlyMemory<byte> body)
    {
        // Nothing is sent through the buses here, so nothing would start the transport's receivers.
        provider.GetRequiredService<MessagePipeline>().Start();
        var message = new TransportMessage
        {
            MessageId = Guid.CreateVersion7(),
            CorrelationId = Guid.CreateVersion7(),
            WireName = wireName,
            Body = body,
            EnqueuedTime = DateTimeOffset.UtcNow,
        };
        await provider.GetRequiredService<ITransport>().SendAsync(message, cause: null, CancellationToken.None);
    }
}
